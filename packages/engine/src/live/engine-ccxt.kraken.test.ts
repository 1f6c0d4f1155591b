import { describe, expect, it } from 'vitest';
import {
  describeExchangeFaults,
  expectStoreMatchesExchange,
  setup,
  useCcxtEngine,
} from './testing/ccxt-engine-suite.js';

// One file per exchange, so the five run side by side (testing/ccxt-engine-suite.ts).
useCcxtEngine();
describeExchangeFaults('kraken');

describe('live engine on the ccxt adapter (kraken): a refused nonce on the order', () => {
  it('EAPI:Invalid nonce (clock skew) on AddOrder: retried with the same cl_ord_id, one order', async () => {
    const h = await setup('kraken');
    h.venue.server.state.inject('AddOrder', { kind: 'invalidNonce' });
    const stored = await h.engine.increase();
    expect(stored.transaction.status).toBe('SUCCEEDED');
    expect(h.venue.orders()).toEqual([{ clientOrderId: stored.transaction.clientOrderId, side: 'BUY' }]);
    await expectStoreMatchesExchange(h);
  });

  it('a low-balance increase with the fee in USD: buys what the balance pays fee included, and succeeds', async () => {
    const h = await setup('kraken');
    // 30 USD at an ask of 30,000.1: the whole balance would buy 0.00099 BTC only after the fee.
    h.venue.server.state.balances.ZUSD = '30';
    const stored = await h.engine.increase();
    expect(stored.transaction).toMatchObject({ status: 'SUCCEEDED', amount: '0.00099' });
    expect(Number(h.venue.server.state.balances.ZUSD)).toBeGreaterThanOrEqual(0);
    await expectStoreMatchesExchange(h);
  });
});
