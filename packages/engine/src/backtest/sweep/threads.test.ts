import { describe, expect, it } from 'vitest';
import { CANDLES_PER_EXTRA_THREAD, sweepThreadsFor } from './threads.js';

const YEAR = 35_040; // 365 days × 96 candles of 15 m

describe('sweepThreadsFor', () => {
  it('runs in one thread on 2 cores, however long the sweep', () => {
    expect(sweepThreadsFor(2, 100, YEAR)).toBe(1);
    expect(sweepThreadsFor(2, 10_000, YEAR)).toBe(1);
    expect(sweepThreadsFor(1, 10_000, YEAR)).toBe(1);
  });

  it('keeps 100 combinations of the year in one thread on any machine (a pool is slower there)', () => {
    // 100 × 35,040 = 3.5 M replays < 2 × 10 M.
    expect(sweepThreadsFor(16, 100, YEAR)).toBe(1);
  });

  it('adds a thread per 10 M replays, at most the cores but one and the combinations', () => {
    expect(sweepThreadsFor(8, 1_000, YEAR)).toBe(3); // 35 M ÷ 10 M = 3
    expect(sweepThreadsFor(4, 10_000, YEAR)).toBe(3); // 350 M: capped at 4 − 1
    expect(sweepThreadsFor(64, 2, 100 * CANDLES_PER_EXTRA_THREAD)).toBe(2);
  });
});
