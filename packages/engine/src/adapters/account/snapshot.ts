import { CodedError, parseWith } from '@balancer/core';
import { z } from 'zod';

/**
 * The saved state of a simulated account (what an AccountStateStore keeps), version 1. Orders
 * carry their fills, so the trades list is derived from them and cannot disagree. Decimals are
 * strings, times epoch ms.
 */
const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'expected a non-negative decimal string');
const time = z.int().nonnegative();

const fillSchema = z.strictObject({
  id: z.string().min(1),
  price: decimal,
  amount: decimal,
  quoteAmount: decimal,
  commission: decimal,
  commissionAsset: z.string().min(1),
  time,
});

const orderSchema = z.strictObject({
  exchangeOrderId: z.string().min(1),
  clientOrderId: z.string().regex(/^[.A-Z:/a-z0-9_-]{1,36}$/),
  side: z.enum(['BUY', 'SELL']),
  status: z.enum(['NEW', 'PARTIALLY_FILLED', 'FILLED', 'CANCELED', 'REJECTED', 'EXPIRED']),
  amount: decimal,
  filled: decimal,
  quoteFilled: decimal,
  fills: z.array(fillSchema).min(1),
  time,
});

export const accountSnapshotSchema = z
  .strictObject({
    version: z.literal(1),
    /** Which adapter wrote it ('simulator' or 'paper') and for which market symbol. */
    kind: z.enum(['simulator', 'paper']),
    symbol: z.string().min(1),
    balances: z.record(z.string().regex(/^[A-Z0-9]{1,20}$/), decimal),
    /** In placement order. */
    orders: z.array(orderSchema),
  })
  .superRefine((snapshot, ctx) => {
    const clientIds = new Set(snapshot.orders.map((o) => o.clientOrderId));
    const orderIds = new Set(snapshot.orders.map((o) => o.exchangeOrderId));
    if (clientIds.size !== snapshot.orders.length || orderIds.size !== snapshot.orders.length) {
      ctx.addIssue({ code: 'custom', path: ['orders'], message: 'order ids repeat' });
    }
  });

export type AccountSnapshot = z.output<typeof accountSnapshotSchema>;

/**
 * Validates a loaded state for the adapter `kind` on market `symbol`: EXCHANGE_ACCOUNT_STATE_INVALID
 * naming every bad field, or naming the other adapter/market it was written for.
 */
export function parseAccountSnapshot(
  input: unknown,
  kind: AccountSnapshot['kind'],
  symbol: string,
): AccountSnapshot {
  const snapshot = parseWith(accountSnapshotSchema, input, 'EXCHANGE_ACCOUNT_STATE_INVALID');
  if (snapshot.kind !== kind || snapshot.symbol !== symbol) {
    throw new CodedError(
      'EXCHANGE_ACCOUNT_STATE_INVALID',
      `saved for ${snapshot.kind} ${snapshot.symbol}, not ${kind} ${symbol}`,
    );
  }
  return snapshot;
}
