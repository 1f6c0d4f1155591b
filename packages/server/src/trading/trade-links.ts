import type { Transaction } from '@balancer/core';
import { sql } from 'kysely';
import { type Db, inList } from './database.js';

/**
 * Links between trades and the transactions whose orders made them. A trade belongs to a
 * transaction when the transaction's logged order names it among its fills, else when the trade
 * carries the transaction's client order id; the sides must agree. Links are made from both ends
 * (when a trade is stored, and when a transaction is saved) so the order in which trade sync and
 * the transaction's confirmation happen does not matter. A linked transaction takes the
 * position of its first linked trade.
 */

/** The exchange trade ids of every fill the transaction's logs recorded. */
export function orderFillIds(logs: readonly Transaction['logs'][number][]): string[] {
  const ids = new Set<string>();
  for (const log of logs) {
    const order = (log.payload as { order?: { fills?: unknown } } | undefined)?.order;
    const fills = order?.fills;
    if (!Array.isArray(fills)) continue;
    for (const fill of fills) {
      const id = (fill as { id?: unknown } | null)?.id;
      if (typeof id === 'string') ids.add(id);
    }
  }
  return [...ids];
}

/** A stored trade that may still need its transaction. */
export interface NewTradeLink {
  rowId: string;
  exchangeTradeId: string;
  side: 'BUY' | 'SELL';
  clientOrderId: string | null;
  positionId: string | null;
}

/** The jsonb pattern that a transaction's logs contain when one of its fills is `tradeId`. */
const fillPattern = (tradeId: string): string =>
  JSON.stringify([{ payload: { order: { fills: [{ id: tradeId }] } } }]);

/** Links freshly stored exchange trades to their transactions (see the module comment). */
export async function linkNewTrades(db: Db, trades: readonly NewTradeLink[]): Promise<void> {
  if (trades.length === 0) return;
  const clientIds = [...new Set(trades.flatMap((trade) => trade.clientOrderId ?? []))];
  const patterns = trades.map((trade) => fillPattern(trade.exchangeTradeId));
  const { rows } = await sql<{ id: string; side: string; client_order_id: string; logs: unknown }>`
    select id, side, client_order_id, logs from "transaction"
    where client_order_id = any(${clientIds}::text[]) or logs @> any(${patterns}::jsonb[])`.execute(db);
  const byClientId = new Map(rows.map((row) => [row.client_order_id, row]));
  const byFillId = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    for (const id of orderFillIds(row.logs as Transaction['logs'])) byFillId.set(id, row);
  }
  for (const trade of trades) {
    const tx =
      byFillId.get(trade.exchangeTradeId) ??
      (trade.clientOrderId === null ? undefined : byClientId.get(trade.clientOrderId));
    if (tx === undefined || tx.side !== trade.side) continue;
    await db.updateTable('trade').set({ transaction_id: tx.id }).where('id', '=', trade.rowId).execute();
    if (trade.positionId !== null) await adoptPosition(db, tx.id, trade.positionId);
  }
}

/** Links the stored, unlinked trades that a just-saved transaction names (see the module comment). */
export async function linkTransactionTrades(db: Db, tx: Transaction): Promise<void> {
  const fillIds = orderFillIds(tx.logs);
  const linked = await db
    .updateTable('trade')
    .set({ transaction_id: tx.id })
    .where('transaction_id', 'is', null)
    .where('source', '=', 'exchange')
    .where('side', '=', tx.side)
    .where((eb) =>
      eb.or([
        eb('client_order_id', '=', tx.clientOrderId),
        ...(fillIds.length > 0 ? [inList('exchange_trade_id', fillIds, 'text')] : []),
      ]),
    )
    .returning(['position_id', 'time'])
    .execute();
  const first = linked
    .filter((row) => row.position_id !== null)
    .sort((a, b) => Number(a.time) - Number(b.time))[0];
  if (first?.position_id) await adoptPosition(db, tx.id, first.position_id);
}

/** Sets the transaction's position unless it has one already. */
async function adoptPosition(db: Db, transactionId: string, positionId: string): Promise<void> {
  await db
    .updateTable('transaction')
    .set({ position_id: positionId })
    .where('id', '=', transactionId)
    .where('position_id', 'is', null)
    .execute();
}
