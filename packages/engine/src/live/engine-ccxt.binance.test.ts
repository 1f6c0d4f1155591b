import { describe, expect, it } from 'vitest';
import type { Fault } from '../testing/binance-server/index.js';
import { LOCK_RETRY_MS } from './options.js';
import {
  describeExchangeFaults,
  expectStoreMatchesExchange,
  setup,
  useCcxtEngine,
} from './testing/ccxt-engine-suite.js';

// One file per exchange, so the five run side by side (testing/ccxt-engine-suite.ts).
useCcxtEngine();
describeExchangeFaults('binance');

describe('live engine on the ccxt adapter (binance): its own codes and Retry-After', () => {
  it.each<[string, Fault, 'SUCCEEDED' | 'FAILED', number]>([
    ['418 with Retry-After', { kind: 'ipBan', retryAfter: 2 }, 'SUCCEEDED', 1],
    ['−1021 (timestamp outside the recv window)', { kind: 'error', code: -1021 }, 'SUCCEEDED', 1],
    ['−1013 (filter failure)', { kind: 'error', code: -1013 }, 'FAILED', 0],
  ])('%s: the transaction settles as expected, never two orders', async (_name, fault, status, orders) => {
    const h = await setup('binance');
    h.venue.server.state.inject('POST /api/v3/order', fault);
    const stored = await h.engine.increase();
    expect(stored.transaction.status).toBe(status);
    expect(h.venue.orders()).toHaveLength(orders);
    await h.engine.tick();
    expect(h.engine.mode).toBe('trading');
    expect(await h.store.processingTransactions()).toEqual([]);
    await expectStoreMatchesExchange(h);
  });

  it('waits the exchange’s Retry-After when it is longer than the back-off', async () => {
    const h = await setup('binance');
    h.venue.server.state.inject('/api/v3/klines', { kind: 'rateLimit', retryAfter: 20 });
    await h.engine.tick();
    expect(h.time.pending).toEqual([h.time.now + LOCK_RETRY_MS, h.time.now + 20_000]);
  });
});
