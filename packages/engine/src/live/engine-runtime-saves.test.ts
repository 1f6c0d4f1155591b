import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedExchange } from '../adapters/simulator/simulated-exchange.js';
import { LiveEngine } from './engine.js';
import { RUNTIME_KEYS } from './market/market-tracker.js';
import { MemoryLockTable } from './testing/memory-lock.js';
import { MemoryEngineStore } from './testing/memory-store.js';
import { RecordingNotifier } from './testing/recording-notifier.js';
import { TEST_SETTINGS } from './testing/sim-harness.js';
import { flat, MINUTE, minuteTable, T0 } from './testing/tables.js';
import { VirtualTime } from './testing/virtual-time.js';

/** A store that counts runtime writes by key. */
class CountingStore extends MemoryEngineStore {
  readonly writes = new Map<string, number>();

  override async saveRuntime(key: string, value: unknown): Promise<void> {
    this.writes.set(key, (this.writes.get(key) ?? 0) + 1);
    await super.saveRuntime(key, value);
  }
}

const engines: LiveEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
});

/** The engine as the server runs it on the simulator: market clock at `speed`× the wall clock. */
function replay(speed: number) {
  const start = T0 + 128 * MINUTE;
  const wall = new VirtualTime(start);
  const exchange = new SimulatedExchange({
    // 3,000 flat minutes: the replay never runs out during the test (30 wall min × 60 = 1,800).
    table: minuteTable(flat(30_000, 3_000)),
    market: { wallStart: start, startTime: start, speed, seed: 7 },
    now: wall.clock,
  });
  const store = new CountingStore(TEST_SETTINGS);
  const engine = new LiveEngine({
    exchange,
    store,
    notifier: new RecordingNotifier(),
    lock: new MemoryLockTable().lock(),
    clock: () => exchange.marketNow(),
    wallClock: wall.clock,
    schedule: wall,
  });
  engines.push(engine);
  return { wall, store, engine };
}

describe('live engine: runtime state writes', () => {
  it('at 60× replay, saves the coins windows by the wall clock (every 10 min), not every 3 s tick', async () => {
    const { wall, store, engine } = replay(60);
    await engine.start();
    // 30 wall minutes of 3 s ticks: 600 ticks, 30 market hours.
    for (let tick = 0; tick < 600; tick += 1) {
      await engine.tick();
      wall.advance(3_000);
    }
    // The first tick (nothing stored yet), then at +10, +20 and +30 wall minutes: 4.
    expect(store.writes.get(RUNTIME_KEYS.coins)).toBeLessThanOrEqual(4);
    // No crash on a flat market: the empty reversal state is written once and never again.
    expect(store.writes.get(RUNTIME_KEYS.reversal)).toBe(1);
  }, 60_000); // 600 engine ticks: seconds on a loaded machine

  it('does not write an unchanged state, on a periodic save or on stop', async () => {
    const { store, engine } = replay(60);
    await engine.start();
    await engine.tick();
    const after = new Map(store.writes);
    // Stopped right after a save: nothing changed since, so nothing is written again.
    await engine.stop();
    expect(store.writes).toEqual(after);
    // A restart restores what was stored and, with no tick since, has nothing new to write.
    const second = new LiveEngine({
      exchange: new SimulatedExchange({
        table: minuteTable(flat(30_000, 300)),
        market: { wallStart: T0 + 128 * MINUTE, startTime: T0 + 128 * MINUTE, speed: 60, seed: 7 },
        now: () => T0 + 128 * MINUTE,
      }),
      store,
      notifier: new RecordingNotifier(),
      lock: new MemoryLockTable().lock(),
      clock: () => T0 + 128 * MINUTE,
      schedule: new VirtualTime(T0),
    });
    engines.push(second);
    await second.start();
    await second.stop();
    expect(store.writes).toEqual(after);
  });
});
