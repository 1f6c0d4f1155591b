import { startTransaction } from '@balancer/core';
import { describe, expect, it, vi } from 'vitest';
import { errorNameOf } from '../adapters/simulator/test-table.js';
import { LOCK_RETRY_MS } from './options.js';
import type { StoredTransaction } from './ports.js';
import { gate } from './testing/gate.js';
import { harnessFixture, type SimHarness } from './testing/sim-harness.js';
import { CRASH_CLOSES, minuteTable } from './testing/tables.js';

const simHarness = harnessFixture();

/** A transaction a killed leader saved as PROCESSING before placing its order (never placed). */
async function interrupted(h: SimHarness): Promise<StoredTransaction> {
  const id = await h.store.reserveTransactionId();
  const balances = await h.exchange.balances();
  const transaction = startTransaction({ id, side: 'BUY', amount: '0.01' }, balances.free, h.time.now);
  const intent = { kind: 'increase', level: null, manual: true } as const;
  await h.store.saveTransaction(transaction, intent);
  return { transaction, intent, positionId: null };
}

/** Holds the next call of `method` on `target` until the returned gate opens (later calls pass). */
function holdNext<T extends object, K extends keyof T>(target: T, method: K): ReturnType<typeof gate> {
  const held = gate();
  const original = (target[method] as (...args: unknown[]) => Promise<unknown>).bind(target);
  let armed = true;
  (target as Record<K, unknown>)[method] = async (...args: unknown[]) => {
    if (armed) {
      armed = false;
      await held.opened;
    }
    return original(...args);
  };
  return held;
}

describe('live engine: one trading engine per database', () => {
  it('a second engine stays on standby through a reversal event and never trades', async () => {
    const harness = simHarness(minuteTable(CRASH_CLOSES), 128);
    const { engine, exchange, store } = harness;
    await engine.start();
    const standby = harness.second();
    await standby.start();
    expect([engine.mode, standby.mode]).toEqual(['trading', 'standby']);
    expect(await errorNameOf(() => standby.increase())).toBe('ENGINE_STANDBY');
    expect(await errorNameOf(() => standby.decrease(10))).toBe('ENGINE_STANDBY');
    // Only the standby engine ticks: market state, but no order, and nothing written.
    await harness.runUntil(165, 5_000, standby);
    expect(standby.mode).toBe('standby');
    expect(standby.snapshot()).toMatchObject({ mode: 'standby', position: null });
    expect(standby.snapshot()!.marketState.reversalState).toBeDefined();
    expect(await exchange.trades(0)).toEqual([]);
    expect(store.transactions.size).toBe(0);
    expect(store.crashes.size).toBe(0);
    expect(store.equity).toEqual([]);
    // The trading engine stops and releases the lock: the standby one takes over at its next
    // lock check, LOCK_RETRY_MS later on its scheduler, without waiting for a tick.
    await engine.stop();
    expect(standby.mode).toBe('standby');
    harness.time.advanceTimers(LOCK_RETRY_MS);
    await vi.waitFor(() => expect(standby.mode).toBe('trading'));
    await standby.stop();
    expect(harness.locks.held).toBe(false);
  });

  it('an engine whose lock was lost goes to standby at its next lock check, without a tick', async () => {
    const harness = simHarness(minuteTable(CRASH_CLOSES), 128);
    const { engine } = harness;
    await engine.start();
    await engine.tick();
    expect(engine.mode).toBe('trading');
    harness.locks.revoke();
    // From the loss on, the runner refuses to place (it asks the lock right before each order).
    expect(await errorNameOf(() => engine.increase())).toBe('ENGINE_LOCK_LOST');
    harness.time.advanceTimers(LOCK_RETRY_MS);
    await vi.waitFor(() => expect(engine.mode).toBe('standby'));
    expect(await errorNameOf(() => engine.increase())).toBe('ENGINE_STANDBY');
    expect(harness.notifier.titles()).toContain('Engine lock lost');
    // Refused before anything was written: no order, no transaction.
    expect(await harness.exchange.trades(0)).toEqual([]);
    expect(harness.store.transactions.size).toBe(0);
    // An engine that never saw another holder takes the lock as a plain start, without a takeover notice.
    const other = harness.second({ instance: 'node-b:3000' });
    await other.start();
    expect(other.mode).toBe('trading');
    expect(harness.notifier.titles()).not.toContain('Engine took over');
    await other.stop();
    await engine.stop();
  });

  it('an engine on standby that takes over reconciles first, then announces the takeover', async () => {
    const harness = simHarness(minuteTable(CRASH_CLOSES), 128);
    const { engine, store, notifier } = harness;
    await engine.start();
    await engine.tick();
    const standby = harness.second({ instance: 'node-b:3000' });
    await standby.start();
    expect(standby.mode).toBe('standby');
    // The leader dies with an order saved but not placed (PROCESSING), and its lock goes.
    const left = await interrupted(harness);
    harness.locks.revoke();
    // Record the order of events: each notification with the transaction's status at that moment.
    const seen: string[] = [];
    const original = notifier.notify.bind(notifier);
    notifier.notify = async (note, now) => {
      seen.push(`${note.title}: ${store.transactions.get(left.transaction.id)!.transaction.status}`);
      await original(note, now);
    };
    harness.time.advanceTimers(LOCK_RETRY_MS);
    await vi.waitFor(() => expect(standby.mode).toBe('trading'));
    await vi.waitFor(() => expect(engine.mode).toBe('standby'));
    expect(seen).toContain('Engine took over: SUCCEEDED');
    expect(seen.indexOf('Transaction succeeded: SUCCEEDED')).toBeLessThan(
      seen.indexOf('Engine took over: SUCCEEDED'),
    );
    const takeover = notifier.notes.find((note) => note.title === 'Engine took over')!;
    expect(takeover.description).toMatch(
      /^Engine took over on node-b:3000: .*; 1 unfinished transaction reconciled first$/,
    );
    // Exactly one order reached the exchange, the reconciled one.
    const trades = await harness.exchange.trades(0);
    expect(trades.map((trade) => trade.clientOrderId)).toEqual([left.transaction.clientOrderId]);
    await standby.stop();
    await engine.stop();
  });

  it("a new leader keeps ticking (market only) while it settles the old leader's order, then trades", async () => {
    const harness = simHarness(minuteTable(CRASH_CLOSES), 128);
    const { engine, store, exchange } = harness;
    await engine.start();
    await engine.tick();
    const standby = harness.second({ instance: 'node-b:3000' });
    await standby.start();
    await standby.tick();
    const left = await interrupted(harness);
    // The old leader's order takes long to settle (its confirmation, a slow exchange).
    const settling = holdNext(store, 'processingTransactions');
    harness.locks.revoke();
    harness.time.advanceTimers(LOCK_RETRY_MS);
    await vi.waitFor(() => expect(standby.mode).toBe('reconciling'));
    // Ticks go on meanwhile (the stream follows them), deciding nothing.
    const before = standby.snapshot()!.time;
    harness.time.advance(5_000);
    let ticked = false;
    void standby.tick().then(() => {
      ticked = true;
    });
    await vi.waitFor(() => expect(ticked).toBe(true));
    expect(standby.snapshot()).toMatchObject({ mode: 'reconciling' });
    expect(standby.snapshot()!.time).toBeGreaterThan(before);
    expect(await exchange.trades(0)).toEqual([]);
    settling.open();
    await vi.waitFor(() => expect(standby.mode).toBe('trading'));
    expect(store.transactions.get(left.transaction.id)!.transaction.status).toBe('SUCCEEDED');
    expect(harness.notifier.titles()).toContain('Engine took over');
    await standby.stop();
    await engine.stop();
  });

  it("a leader that took the lock during its first tick takes a manual order with that tick's price", async () => {
    const harness = simHarness(minuteTable(CRASH_CLOSES), 128);
    const { engine, store } = harness;
    await engine.start();
    const standby = harness.second({ instance: 'node-b:3000' });
    await standby.start();
    expect(standby.snapshot()).toBeNull();
    harness.locks.revoke();
    // Its first tick takes the lock, then reads the market (held here while the order comes).
    const market = holdNext(store, 'settings');
    const tick = standby.tick();
    await vi.waitFor(() => expect(standby.mode).toBe('trading'));
    const order = standby.increase();
    market.open();
    await tick;
    const stored = await order;
    expect(stored.transaction).toMatchObject({ status: 'SUCCEEDED', side: 'BUY' });
    await standby.stop();
    await engine.stop();
  });
});
