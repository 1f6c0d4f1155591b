import { describe, expect, it } from 'vitest';
import { allocateCandles, type CandleTable } from '../../market-data/candle-table.js';
import { CANDLES_PER_EXTRA_THREAD, sweepThreadsFor, threadsForReplays } from './threads.js';

const YEAR = 35_040; // 365 days × 96 candles of 15 m
const INTERVAL = 15 * 60_000;
const START = Date.UTC(2024, 0, 1);

/** `length` candles of 15 m from 2024-01-01 (only their times matter here). */
function candles(length: number): CandleTable {
  const table = { ...allocateCandles(length), intervalMs: INTERVAL };
  for (let i = 0; i < length; i++) table.time[i] = START + i * INTERVAL;
  return table;
}

const year = candles(YEAR);

describe('threadsForReplays and sweepThreadsFor', () => {
  it('runs in one thread on 2 cores, however long the sweep', () => {
    expect(threadsForReplays(2, 100, YEAR)).toBe(1);
    expect(threadsForReplays(2, 10_000, YEAR)).toBe(1);
    expect(threadsForReplays(1, 10_000, YEAR)).toBe(1);
  });

  it('keeps 100 combinations of the year in one thread on any machine (a pool is slower there)', () => {
    // 100 × 35,040 = 3.5 M replays < 2 × 10 M.
    expect(threadsForReplays(16, 100, YEAR)).toBe(1);
  });

  it('adds a thread per 10 M replays, at most the cores but one and the combinations', () => {
    expect(threadsForReplays(8, 1_000, YEAR)).toBe(3); // 35 M ÷ 10 M = 3
    expect(threadsForReplays(4, 10_000, YEAR)).toBe(3); // 350 M: capped at 4 − 1
    expect(threadsForReplays(64, 2, 100 * CANDLES_PER_EXTRA_THREAD)).toBe(2);
  });

  it('counts only the candles of the period swept (--from / --to)', () => {
    const DAY = 86_400_000;
    // 1,000 combinations of the whole year: 35 M replays, 3 threads on 8 cores; of its first
    // quarter (~8.7 M replays): one.
    expect(sweepThreadsFor(8, 1_000, year, {})).toBe(3);
    expect(sweepThreadsFor(8, 1_000, year, { toMs: START + 91 * DAY })).toBe(1);
    expect(sweepThreadsFor(8, 1_000, year, { fromMs: START + 274 * DAY })).toBe(1);
    // Half the year: 17.5 M replays, one thread; 2,000 combinations of it: 35 M, three.
    expect(sweepThreadsFor(8, 2_000, year, { fromMs: START + 100 * DAY, toMs: START + 282 * DAY })).toBe(3);
    expect(sweepThreadsFor(8, 1_000, year, { fromMs: START + 100 * DAY, toMs: START + 282 * DAY })).toBe(1);
  });
});
