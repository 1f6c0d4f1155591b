import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Fault } from '../testing/binance-server/index.js';
import { LiveEngine } from './engine.js';
import { LOCK_RETRY_MS } from './options.js';
import { MemoryLockTable } from './testing/memory-lock.js';
import { MemoryEngineStore } from './testing/memory-store.js';
import { RecordingNotifier } from './testing/recording-notifier.js';
import { TEST_SETTINGS } from './testing/sim-harness.js';
import { TEST_VENUES, type VenueFault } from './testing/venues.js';
import { VirtualTime } from './testing/virtual-time.js';

const MINUTE = 60_000;
// Real HTTP to a local server, with ccxt's own request throttling and 400 ms timeouts.
vi.setConfig({ testTimeout: 30_000 });
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** The engine on the ccxt adapter against an exchange's local stand-in (flat 30,000 market). */
async function setup<V extends keyof typeof TEST_VENUES>(venueId: V) {
  const venue = (await TEST_VENUES[venueId]()) as Awaited<ReturnType<(typeof TEST_VENUES)[V]>>;
  // The engine's clock starts 10 minutes back, so the server's trades are after its first start.
  const time = new VirtualTime(Date.now() - 10 * MINUTE);
  // Coins follow BTC only: ccxt throttles Binance's heavy ticker/24hr calls to seconds apiece.
  const store = new MemoryEngineStore(TEST_SETTINGS);
  const notifier = new RecordingNotifier();
  const engine = new LiveEngine({
    exchange: venue.exchange,
    store,
    notifier,
    lock: new MemoryLockTable().lock(),
    clock: time.clock,
    confirmDelayMs: 1_000,
    schedule: time,
  });
  cleanup = async () => {
    await engine.stop();
    await venue.close();
  };
  await engine.start();
  await engine.tick();
  return { venue, engine, store, notifier, time };
}

/** The stored trades and position match the exchange's account trades exactly. */
async function expectStoreMatchesExchange(h: Awaited<ReturnType<typeof setup>>) {
  await h.engine.syncTrades();
  const serverTrades = h.venue.trades();
  expect(h.store.trades.map((t) => t.trade.id)).toEqual(serverTrades.map((t) => t.id));
  await h.engine.tick();
  // Binance takes a buy's commission in BTC (the position holds qty − commission); Kraken in USD.
  const held = serverTrades.reduce(
    (sum, t) =>
      sum + (t.side === 'BUY' ? 1 : -1) * Number(t.amount) - (t.commissionInBase ? Number(t.commission) : 0),
    0,
  );
  expect(Number(h.engine.snapshot()!.position?.amount ?? 0)).toBeCloseTo(held, 8);
}

const VENUE_IDS = Object.keys(TEST_VENUES) as Array<keyof typeof TEST_VENUES>;

describe.each(VENUE_IDS)('live engine on the ccxt adapter (%s): exchange faults on the order', (venueId) => {
  it.each<[string, VenueFault, 'SUCCEEDED' | 'FAILED', number]>([
    ['5xx after executing', { kind: 'serverError', execute: true }, 'SUCCEEDED', 1],
    ['5xx before executing', { kind: 'serverError', status: 503 }, 'SUCCEEDED', 1],
    ['a timeout after executing', { kind: 'timeout', execute: true }, 'SUCCEEDED', 1],
    ['a timeout before executing', { kind: 'timeout' }, 'SUCCEEDED', 1],
    ['a rate limit', { kind: 'rateLimit' }, 'SUCCEEDED', 1],
    ['insufficient balance', { kind: 'insufficientFunds' }, 'FAILED', 0],
  ])(
    '%s: the transaction settles as expected, never two orders, the engine keeps trading',
    async (_name, fault, status, orders) => {
      const h = await setup(venueId);
      h.venue.injectOnPlace(fault);
      const stored = await h.engine.increase();
      expect(stored.transaction.status).toBe(status);
      expect(h.venue.orders()).toHaveLength(orders);
      expect(h.venue.orders().every((o) => o.clientOrderId === stored.transaction.clientOrderId)).toBe(true);
      expect(h.notifier.titles('transaction')).toEqual([`Transaction ${status.toLowerCase()}`]);
      await h.engine.tick();
      expect(h.engine.mode).toBe('trading');
      expect(await h.store.processingTransactions()).toEqual([]);
      await expectStoreMatchesExchange(h);
    },
  );

  it('a failed look-up leaves the transaction PROCESSING; the next tick settles it with one order', async () => {
    const h = await setup(venueId);
    // The adapter's look-up before placing, then the confirmation's look-up, both fail.
    h.venue.failLookups(2);
    await expect(h.engine.increase()).rejects.toMatchObject({ recovery: 'retry' });
    expect(await h.store.processingTransactions()).toHaveLength(1);
    await h.engine.tick();
    expect(await h.store.processingTransactions()).toEqual([]);
    expect([...h.store.transactions.values()][0]!.transaction.status).toBe('SUCCEEDED');
    expect(h.venue.orders()).toHaveLength(1);
    expect(h.venue.placements()).toBe(1);
    await expectStoreMatchesExchange(h);
  });

  it('a decrease whose first placement hits a 5xx sells once and closes the position', async () => {
    const h = await setup(venueId);
    await h.engine.increase();
    await h.engine.tick();
    h.venue.injectOnPlace({ kind: 'serverError', status: 502 });
    const sell = await h.engine.decrease(100);
    expect(sell.transaction).toMatchObject({ status: 'SUCCEEDED', side: 'SELL', attempts: 2 });
    expect(h.venue.orders().map((o) => o.side)).toEqual(['BUY', 'SELL']);
    await h.engine.tick();
    expect(h.engine.snapshot()!.position).toBeNull();
    expect(h.store.positions).toEqual([expect.objectContaining({ id: '1', close: expect.any(Number) })]);
    expect(h.store.trades.map((t) => t.trade.id)).toEqual(h.venue.trades().map((t) => t.id));
  });

  it('backs off on a failing tick, notifies once, keeps the last snapshot and recovers', async () => {
    const h = await setup(venueId);
    const before = h.engine.snapshot()!;
    h.venue.failCandles(3);
    for (let i = 0; i < 3; i++) await h.engine.tick();
    expect(h.engine.mode).toBe('backing-off');
    expect(h.engine.snapshot()).toMatchObject({ time: before.time, mode: 'backing-off' });
    // 3 s, 6 s, 12 s: the next tick is scheduled 12 s after the third failure.
    expect(h.time.pending).toEqual([h.time.now + LOCK_RETRY_MS, h.time.now + 12_000]);
    await h.engine.tick();
    expect(h.engine.mode).toBe('trading');
    expect(h.notifier.titles('exchange')).toEqual(['Engine backing off', 'Exchange reachable again']);
  });
});

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
