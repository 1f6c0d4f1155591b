import { DEFAULT_STRATEGY_CONFIG } from '@balancer/core';
import { afterEach } from 'vitest';
import { SimulatedExchange } from '../../adapters/simulator/simulated-exchange.js';
import type { CandleTable } from '../../market-data/candle-table.js';
import { LiveEngine } from '../engine.js';
import type { LiveEngineOptions } from '../options.js';
import type { EngineSettings } from '../ports.js';
import { MemoryLockTable } from './memory-lock.js';
import { MemoryEngineStore } from './memory-store.js';
import { RecordingNotifier } from './recording-notifier.js';
import { MINUTE, T0 } from './tables.js';
import { VirtualTime } from './virtual-time.js';

/**
 * Settings for 1-minute crafted tables: a 128-minute window ticked every 5 s; coins follow BTC
 * only (its 5 s window fills in ~11 min); the reversal is scored almost only by the coins quote
 * family (weights 1 / 98 / 1, 50 points), so a crash's rebound fires the event predictably.
 */
export const TEST_SETTINGS: EngineSettings = {
  window: { size: 128, interval: '1m', refetchFrequency: 5, requirement: 0.025, strongRequirement: 0.85 },
  liquidity: { maxDistanceFromPrice: 0.15, intensityWeights: { 1: 1, 2: 3, 3: 6, 4: 9 } },
  coins: { whitelist: ['BTC'], limit: 1, size: 128, interval: 5, requirement: 0.01, strongRequirement: 0.05 },
  reversal: {
    crashDuration: 60,
    pointsRequirement: 50,
    weights: { liquidity: 1, coinsQuote: 98, coinsBase: 1 },
  },
  strategy: { ...DEFAULT_STRATEGY_CONFIG, increaseAmountQuote: '1000' },
};

export interface SimHarness {
  time: VirtualTime;
  exchange: SimulatedExchange;
  store: MemoryEngineStore;
  notifier: RecordingNotifier;
  locks: MemoryLockTable;
  engine: LiveEngine;
  /** Another engine on the same store, exchange and lock table (options may be replaced). */
  second(options?: Partial<LiveEngineOptions>): LiveEngine;
  /** Ticks every `everyMs` until `untilMinute` minutes after T0 (the table's first candle). */
  runUntil(untilMinute: number, everyMs?: number, engine?: LiveEngine): Promise<void>;
}

export interface SimHarnessOptions {
  store?: MemoryEngineStore;
  /** Free balances at the start (default 10,000 USDT, 0 BTC). */
  balances?: Record<string, string>;
}

/** An engine on the simulator replaying `table` in real time (speed 1) from candle `startIndex`. */
export function simHarness(
  table: CandleTable,
  startIndex: number,
  options: SimHarnessOptions = {},
): SimHarness {
  const store = options.store ?? new MemoryEngineStore(TEST_SETTINGS);
  const start = T0 + startIndex * MINUTE;
  const time = new VirtualTime(start);
  const exchange = new SimulatedExchange({
    table,
    market: { wallStart: start, startTime: start, speed: 1, seed: 7 },
    now: time.clock,
    ...(options.balances === undefined ? {} : { balances: options.balances }),
  });
  const notifier = new RecordingNotifier();
  const locks = new MemoryLockTable();
  const make = (overrides: Partial<LiveEngineOptions> = {}) =>
    new LiveEngine({
      exchange,
      store,
      notifier,
      lock: locks.lock(),
      clock: time.clock,
      confirmDelayMs: 1_000,
      schedule: time,
      ...overrides,
    });
  const engine = make();
  return {
    time,
    exchange,
    store,
    notifier,
    locks,
    engine,
    second: make,
    async runUntil(untilMinute, everyMs = 5_000, which = engine) {
      while (time.now < T0 + untilMinute * MINUTE) {
        await which.tick();
        time.advance(everyMs);
      }
    },
  };
}

/**
 * Registers an afterEach that stops the engines made by the returned function: each test calls
 * `harness(table, startIndex)` and never stops them itself.
 */
export function harnessFixture(): (...args: Parameters<typeof simHarness>) => SimHarness {
  const made: SimHarness[] = [];
  afterEach(async () => {
    for (const harness of made.splice(0)) await harness.engine.stop();
  });
  return (...args) => {
    const harness = simHarness(...args);
    made.push(harness);
    return harness;
  };
}
