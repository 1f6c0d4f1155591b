import { CodedError } from '../errors/coded-error.js';
import { Decimal } from '../numbers/decimal.js';
import type { ObservedOrder, Transaction } from './types.js';

/** Throws TRANSACTION_ORDER_MISMATCH unless `order` is this transaction's order. */
export function checkOrderMatches(tx: Transaction, order: ObservedOrder): void {
  if (order.clientOrderId !== tx.clientOrderId || order.side !== tx.side) {
    throw new CodedError(
      'TRANSACTION_ORDER_MISMATCH',
      `expected ${tx.clientOrderId} ${tx.side}, got ${order.clientOrderId} ${order.side}`,
    );
  }
}

/**
 * The fate of an observed order. `filled`: FILLED, or closed (CANCELED, REJECTED, EXPIRED) with a
 * fill > 0 — a market order that expires part-filled (thin book) really traded that part, and
 * trade sync records the actual fills, so the transaction counts as SUCCEEDED. `failed`: closed
 * with nothing filled. `open`: NEW or PARTIALLY_FILLED, still working; look again later.
 */
export function orderOutcome(order: ObservedOrder): 'filled' | 'failed' | 'open' {
  if (order.status === 'FILLED') return 'filled';
  if (order.status === 'NEW' || order.status === 'PARTIALLY_FILLED') return 'open';
  return new Decimal(order.filled).gt(0) ? 'filled' : 'failed';
}
