import { Decimal } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { KitAccount } from './account.js';
import { btcMarket } from './exchange.js';
import type { FeePolicy } from './types.js';

function account(feePolicy: FeePolicy): KitAccount {
  let id = 0;
  return new KitAccount({
    markets: [btcMarket('USD', { takerFee: '0.001' })],
    balances: { USD: '20000', BTC: '1' },
    feePolicy,
    now: () => 1_700_000_000_000,
    nextOrderId: () => String(++id),
  });
}
const d = (value: string) => new Decimal(value);
const free = (a: KitAccount, asset: string) => a.balance(asset).free.toFixed();
const locked = (a: KitAccount, asset: string) => a.balance(asset).locked.toFixed();

describe('KitAccount', () => {
  it('walks the asks level by level; under "received" a buy pays its fee in BTC', () => {
    const a = account('received');
    const order = a.place({
      symbol: 'BTC/USD',
      side: 'buy',
      type: 'market',
      amount: d('0.6'),
      clientId: 'c1',
    });
    // 0.5 at 30001 + 0.1 at 30002 = 15000.5 + 3000.2 = 18000.7 USD; fee 0.1 % of 0.6 BTC = 0.0006 BTC.
    expect([
      order.status,
      order.filled.toFixed(),
      order.cost.toFixed(),
      order.fee.toFixed(),
      order.feeAsset,
    ]).toEqual(['filled', '0.6', '18000.7', '0.0006', 'BTC']);
    // 20000 − 18000.7 = 1999.3 USD; 1 + 0.6 − 0.0006 = 1.5994 BTC.
    expect([free(a, 'USD'), free(a, 'BTC')]).toEqual(['1999.3', '1.5994']);
    expect(a.tradesOf(order.id).map((t) => t.price.toFixed())).toEqual(['30001', '30002']);
  });

  it('under "quote" the fee is in quote on both sides, and a buy by quote amount spends it fees included', () => {
    const a = account('quote');
    const byBase = a.place({
      symbol: 'BTC/USD',
      side: 'buy',
      type: 'market',
      amount: d('0.1'),
      clientId: 'c1',
    });
    // 0.1 × 30001 = 3000.1 USD, fee 3.0001 USD: 20000 − 3003.1001 = 16996.8999.
    expect([byBase.fee.toFixed(), byBase.feeAsset, free(a, 'USD'), free(a, 'BTC')]).toEqual([
      '3.0001',
      'USD',
      '16996.8999',
      '1.1',
    ]);
    const byQuote = a.place({
      symbol: 'BTC/USD',
      side: 'buy',
      type: 'market',
      quoteAmount: d('3003.1001'),
      clientId: 'c2',
    });
    // 3003.1001 / 1.001 = 3000.1 → 0.1 BTC at 30001; fee 3.0001: exactly 3003.1001 spent.
    expect([byQuote.filled.toFixed(), byQuote.cost.plus(byQuote.fee).toFixed(), free(a, 'USD')]).toEqual([
      '0.1',
      '3003.1001',
      '13993.7998',
    ]);
    const sell = a.place({
      symbol: 'BTC/USD',
      side: 'sell',
      type: 'market',
      amount: d('0.2'),
      clientId: 'c3',
    });
    // 0.2 at 29999 = 5999.8 USD less 5.9998 fee.
    expect([sell.fee.toFixed(), free(a, 'USD'), free(a, 'BTC')]).toEqual(['5.9998', '19987.6', '1']);
  });

  it('rests an uncrossed limit order with its funds locked; cancel unlocks; a second cancel is refused', () => {
    const a = account('received');
    const order = a.place({
      symbol: 'BTC/USD',
      side: 'buy',
      type: 'limit',
      amount: d('0.1'),
      price: d('29000'),
      clientId: 'c1',
    });
    // 0.1 × 29000 = 2900 USD held.
    expect([order.status, free(a, 'USD'), locked(a, 'USD')]).toEqual(['open', '17100', '2900']);
    a.cancel(order);
    expect([order.status, free(a, 'USD'), locked(a, 'USD')]).toEqual(['canceled', '20000', '0']);
    expect(() => a.cancel(order)).toThrow(/is canceled/);
  });

  it('a partial fill: a crossing limit fills the fraction and rests the rest; a market order cancels it', () => {
    const a = account('received');
    const limit = a.place({
      symbol: 'BTC/USD',
      side: 'buy',
      type: 'limit',
      amount: d('0.2'),
      price: d('30001'),
      clientId: 'c1',
      fillFraction: d('0.5'),
    });
    // 0.1 filled at 30001 (3000.1 USD); the other 0.1 rests, 3000.1 USD held.
    expect([limit.status, limit.filled.toFixed(), locked(a, 'USD'), free(a, 'USD')]).toEqual([
      'open',
      '0.1',
      '3000.1',
      '13999.8',
    ]);
    const market = a.place({
      symbol: 'BTC/USD',
      side: 'sell',
      type: 'market',
      amount: d('0.5'),
      clientId: 'c2',
      fillFraction: d('0.2'),
    });
    expect([market.status, market.filled.toFixed()]).toEqual(['canceled', '0.1']);
  });

  it('refuses below the minimum, off the lot step and beyond the balance, changing nothing', () => {
    const a = account('received');
    const refusal = (amount: string) => {
      try {
        a.place({ symbol: 'BTC/USD', side: 'sell', type: 'market', amount: d(amount), clientId: 'x' });
      } catch (error) {
        return (error as { reason?: string }).reason;
      }
    };
    let quoteSell: string | undefined;
    try {
      // 44988 USD at the bids is 0.5 + 0.5 + ~0.4998 BTC: more than the 1 BTC held.
      a.place({ symbol: 'BTC/USD', side: 'sell', type: 'market', quoteAmount: d('44988'), clientId: 'q' });
    } catch (error) {
      quoteSell = (error as { reason?: string }).reason;
    }
    expect(quoteSell).toBe('insufficientFunds');
    expect([refusal('0.000001'), refusal('0.000010001'), refusal('2')]).toEqual([
      'amountTooSmall',
      'amountStep',
      'insufficientFunds',
    ]);
    expect([a.orders.length, free(a, 'USD'), free(a, 'BTC')]).toEqual([0, '20000', '1']);
  });
});
