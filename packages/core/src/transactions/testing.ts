import type { ObservedOrder, Transaction } from './types.js';

/** Test fixtures: a transaction id, its client order id, and order/result builders. */
export const TX_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
export const CLIENT_ID = 'bal-0f8fad5bd9cb469fa16570867728950e';
export const BALANCES = { BTC: '0.5', USDT: '1000' };

export function order(status: ObservedOrder['status'], filled = '0', client = CLIENT_ID): ObservedOrder {
  const fills = filled === '0' ? [] : [{ id: 't1', price: '30000', amount: filled, time: 1_000 }];
  return { clientOrderId: client, side: 'BUY', status, filled, fills };
}

export const retryError = {
  ok: false,
  error: { code: 5001, recovery: 'retry', message: 'timeout' },
} as const;
export const rejectError = {
  ok: false,
  error: { code: 5502, recovery: 'reject', message: 'insufficient balance' },
} as const;

/** A deep copy, to check that a transition left its argument unchanged. */
export function snapshot(tx: Transaction): string {
  return JSON.stringify(tx);
}
