import { DEFAULT_STRATEGY_CONFIG, GLOBAL_DECREASE_WAIT_MS } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { harnessFixture, type SimHarness } from './testing/sim-harness.js';
import { flat, MINUTE, minuteTable, trend } from './testing/tables.js';

// 135 flat minutes at 30,000, then a rally of +2 %/min for 10 minutes (+21.9 % in all), then flat.
const RALLY = [...flat(30_000, 135), ...trend(30_000, 2, 10), ...flat(36_569.83, 20)];

const simHarness = harnessFixture();

/** The sells placed so far: level and time of each SUCCEEDED SELL, in order. */
function sells(h: SimHarness) {
  return [...h.store.transactions.values()]
    .filter((s) => s.transaction.side === 'SELL' && s.transaction.status === 'SUCCEEDED')
    .map((s) => ({ level: s.intent.level, time: s.transaction.eventTime, amount: s.transaction.amount }));
}

describe('live engine on the simulator: sell the rally', () => {
  it('sells by levels as the gain rises, one level at a time, ≥ 1 minute apart', async () => {
    const harness = simHarness(minuteTable(RALLY), 128);
    const { engine, store } = harness;
    await engine.start();
    await engine.tick();
    // The position: a manual increase at the flat price (no gates).
    const opened = await engine.increase();
    expect(opened).toMatchObject({ transaction: { status: 'SUCCEEDED' }, intent: { manual: true } });
    await harness.runUntil(135);
    expect(sells(harness)).toEqual([]); // flat: window state 0, gain ≈ 0
    await harness.runUntil(148);
    const done = sells(harness);
    // Gains reached ~+21 %: every level's requirement (1.5 … 10 %) was passed, each sold once.
    const levels = done.map((s) => s.level);
    expect(levels.length).toBeGreaterThanOrEqual(4);
    expect(levels).toEqual([...new Set(levels)].sort());
    expect(levels[0]).toBe(0);
    for (let i = 1; i < done.length; i++) {
      expect(done[i]!.time - done[i - 1]!.time).toBeGreaterThanOrEqual(GLOBAL_DECREASE_WAIT_MS);
    }
    // The position follows the exchange's trades: bought − sold.
    const position = engine.snapshot()!.position!;
    const bought = Number(opened.transaction.amount);
    const sold = done.reduce((sum, s) => sum + Number(s.amount), 0);
    expect(Number(position.amount)).toBeCloseTo(bought - sold, 8);
    expect(position.actions.decreases.map((list) => list.length)).toEqual(
      [0, 1, 2, 3, 4].map((level) => (levels.includes(level) ? 1 : 0)),
    );
    expect(store.trades).toHaveLength(1 + done.length);
  });

  it('a level sells again only once its frequency has passed', async () => {
    const harness = simHarness(minuteTable(RALLY), 128);
    const { engine } = harness;
    await engine.start();
    await engine.tick();
    await engine.increase();
    // 20 more flat minutes at the top: the window state stays 2, the gain stays over level 5's 10 %.
    await harness.runUntil(165);
    const done = sells(harness);
    const frequencies = DEFAULT_STRATEGY_CONFIG.decreaseLevels.map((level) => level.frequency * MINUTE);
    for (let level = 0; level < 5; level++) {
      const times = done.filter((s) => s.level === level).map((s) => s.time);
      for (let i = 1; i < times.length; i++)
        expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(frequencies[level]!);
    }
    // Level 5 (index 4, every 10 minutes) sold again at the top; the lower levels (≥ 30 min) did not.
    const top = done.filter((s) => s.level === 4);
    expect(top.length).toBe(2);
    expect(done.filter((s) => s.level! < 4).map((s) => s.level)).toEqual([0, 1, 2, 3]);
  });
});
