import { describe, expect, it } from 'vitest';
import { errorNameOf } from '../adapters/simulator/test-table.js';
import { LOCK_RETRY_MS } from './options.js';
import { harnessFixture } from './testing/sim-harness.js';
import { CRASH_CLOSES, minuteTable } from './testing/tables.js';

const simHarness = harnessFixture();

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
    // The trading engine stops and releases the lock: the standby one takes over within 30 s.
    await engine.stop();
    let ticks = 0;
    while (standby.mode === 'standby') {
      await standby.tick();
      harness.time.advance(5_000);
      ticks += 1;
    }
    expect(standby.mode).toBe('trading');
    // 30 s of 5 s ticks at most: the lock is tried again every LOCK_RETRY_MS.
    expect(ticks).toBeLessThanOrEqual(LOCK_RETRY_MS / 5_000 + 1);
    await standby.stop();
    expect(harness.locks.held).toBe(false);
  });

  it('an engine whose lock was lost (connection dropped) stops trading at its next tick', async () => {
    const harness = simHarness(minuteTable(CRASH_CLOSES), 128);
    const { engine } = harness;
    await engine.start();
    await engine.tick();
    expect(engine.mode).toBe('trading');
    harness.locks.revoke();
    const other = harness.second();
    await other.start();
    expect(other.mode).toBe('trading');
    harness.time.advance(5_000);
    await engine.tick();
    expect(engine.mode).toBe('standby');
    expect(await errorNameOf(() => engine.increase())).toBe('ENGINE_STANDBY');
    expect(harness.notifier.titles()).toContain('Engine lock lost');
    await other.stop();
    await engine.stop();
  });
});
