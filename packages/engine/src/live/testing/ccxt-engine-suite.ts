/** The live engine on the ccxt adapter against each exchange's local stand-in: shared harness. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveEngine } from '../engine.js';
import { LOCK_RETRY_MS } from '../options.js';
import { MemoryLockTable } from './memory-lock.js';
import { MemoryEngineStore } from './memory-store.js';
import { RecordingNotifier } from './recording-notifier.js';
import { TEST_SETTINGS } from './sim-harness.js';
import { TEST_VENUES, type VenueFault } from './venues.js';
import { VirtualTime } from './virtual-time.js';

const MINUTE = 60_000;
let cleanup: (() => Promise<void>) | undefined;

/**
 * Registers the file's set-up: real HTTP to a local stand-in, with ccxt's own request throttling
 * and 1 s timeouts; the engine and the stand-in of each test are closed after it.
 */
export function useCcxtEngine(): void {
  vi.setConfig({ testTimeout: 30_000 });
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });
}

/** The engine on the ccxt adapter against an exchange's local stand-in (flat 30,000 market). */
export async function setup<V extends keyof typeof TEST_VENUES>(venueId: V) {
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
export async function expectStoreMatchesExchange(h: Awaited<ReturnType<typeof setup>>) {
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

/** The engine's order, fault, trade-sync and reconciliation cases, the same on every exchange. */
export function describeExchangeFaults(venueId: keyof typeof TEST_VENUES): void {
  describe(`live engine on the ccxt adapter (${venueId}): exchange faults on the order`, () => {
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
        expect(h.venue.orders().every((o) => o.clientOrderId === stored.transaction.clientOrderId)).toBe(
          true,
        );
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
}
