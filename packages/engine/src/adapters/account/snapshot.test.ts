import { describe, expect, it } from 'vitest';
import { errorNameOf } from '../simulator/test-table.js';
import { type AccountSnapshot, parseAccountSnapshot } from './snapshot.js';

const fill = {
  id: 'sim-trade-1',
  price: '100.03',
  amount: '0.5',
  quoteAmount: '50.015',
  commission: '0.050015',
  commissionAsset: 'USDT',
  time: 0,
};
const order: AccountSnapshot['orders'][number] = {
  exchangeOrderId: 'sim-order-1',
  clientOrderId: 'buy-1',
  side: 'BUY',
  status: 'FILLED',
  amount: '0.5',
  filled: '0.5',
  quoteFilled: '50.015',
  fills: [fill],
  time: 0,
};
const valid: AccountSnapshot = {
  version: 1,
  kind: 'simulator',
  symbol: 'BTCUSDT',
  balances: { USDT: '9949.934985', BTC: '0.5' },
  orders: [order],
};

describe('parseAccountSnapshot', () => {
  it('accepts a well-formed state of the same adapter and market', () => {
    expect(parseAccountSnapshot(structuredClone(valid), 'simulator', 'BTCUSDT')).toEqual(valid);
  });

  it.each([
    ['not an object', 'nonsense'],
    ['an unknown version', { ...valid, version: 2 }],
    ['a negative balance', { ...valid, balances: { USDT: '-1' } }],
    ['a float amount', { ...valid, orders: [{ ...order, filled: 0.5 }] }],
    ['an order without fills', { ...valid, orders: [{ ...order, fills: [] }] }],
    [
      'a repeated client order id',
      { ...valid, orders: [order, { ...order, exchangeOrderId: 'sim-order-2' }] },
    ],
    ['an extra field', { ...valid, extra: true }],
  ])('refuses %s', async (_what, state) => {
    expect(await errorNameOf(() => parseAccountSnapshot(state, 'simulator', 'BTCUSDT'))).toBe(
      'EXCHANGE_ACCOUNT_STATE_INVALID',
    );
  });

  it('refuses a state written by the other adapter or for another market', async () => {
    expect(await errorNameOf(() => parseAccountSnapshot(valid, 'paper', 'BTCUSDT'))).toBe(
      'EXCHANGE_ACCOUNT_STATE_INVALID',
    );
    expect(await errorNameOf(() => parseAccountSnapshot(valid, 'simulator', 'ETHUSDT'))).toBe(
      'EXCHANGE_ACCOUNT_STATE_INVALID',
    );
  });
});
