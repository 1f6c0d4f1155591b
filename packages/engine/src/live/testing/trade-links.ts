import type { ExecutedOrder } from '@balancer/core';
import type { ExchangeTrade } from '../../ports/exchange.js';
import type { StoredTransaction } from '../ports.js';

/** The trade ids named by the order fills a transaction's logs recorded. */
export function loggedFillIds(stored: StoredTransaction): Set<string> {
  const ids = new Set<string>();
  for (const log of stored.transaction.logs) {
    const order = (log.payload as { order?: { fills?: Array<{ id?: unknown }> } | null } | undefined)?.order;
    for (const fill of order?.fills ?? []) if (typeof fill.id === 'string') ids.add(fill.id);
  }
  return ids;
}

/**
 * The transaction that made an exchange trade: the one whose logged order
 * fills name the trade's id, else the one whose client order id is the trade's. Null for trades
 * the engine did not place (the operator's own orders on the exchange).
 */
export function transactionForTrade(
  transactions: Iterable<StoredTransaction>,
  trade: ExchangeTrade,
): StoredTransaction | null {
  let byClientId: StoredTransaction | null = null;
  for (const stored of transactions) {
    if (loggedFillIds(stored).has(trade.id)) return stored;
    if (trade.clientOrderId !== null && stored.transaction.clientOrderId === trade.clientOrderId)
      byClientId = stored;
  }
  return byClientId;
}

/**
 * The executed orders of a position (for core's actionsFromOrders): each SUCCEEDED transaction
 * linked to one of its trades, at its first fill's time, with its decrease level (none for a manual
 * order).
 */
export function executedOrders(
  trades: ReadonlyArray<{ trade: { time: number }; transactionId: string | null }>,
  transactions: ReadonlyMap<string, StoredTransaction>,
): ExecutedOrder[] {
  const firstFill = new Map<string, number>();
  for (const { trade, transactionId } of trades) {
    if (transactionId === null) continue;
    firstFill.set(transactionId, Math.min(firstFill.get(transactionId) ?? trade.time, trade.time));
  }
  const orders: ExecutedOrder[] = [];
  for (const [txID, eventTime] of firstFill) {
    const stored = transactions.get(txID);
    if (stored?.transaction.status !== 'SUCCEEDED') continue;
    const level = stored.intent.manual ? null : stored.intent.level;
    orders.push({ txID, side: stored.transaction.side, level, eventTime });
  }
  return orders;
}
