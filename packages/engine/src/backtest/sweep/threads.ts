import { type CandleTable, rangeIndices } from '../../market-data/candle-table.js';

/*
 * How many threads a sweep started for one run (the CLI's) should use. A new thread loads the
 * engine and warms its JIT up (~0.5 s of a core, measured on the 2-core bench machine) before its
 * first combination; 100 combinations of the shipped year are ~3.5 M candle replays, ~1 s in one
 * warm thread. Measured there (npm run bench -- sweep): a fresh pool of 2 threads took 1.7–2.2 ×
 * the time of one thread for those 100. So a thread is added only for work it can repay, and
 * never beyond the cores but one (the process's own thread merges the rows and stays responsive).
 */

/** Candle replays (combinations × candles per combination) one extra thread must have to pay off. */
export const CANDLES_PER_EXTRA_THREAD = 10_000_000;

/**
 * Threads for `combinations` × `candles` replays on `cores` cores: 1 (run in the calling thread)
 * on 2 cores or fewer, and for work under 2 × CANDLES_PER_EXTRA_THREAD; else one per
 * CANDLES_PER_EXTRA_THREAD, at most cores − 1 and the combinations.
 */
export function threadsForReplays(cores: number, combinations: number, candles: number): number {
  const byWork = Math.floor((combinations * candles) / CANDLES_PER_EXTRA_THREAD);
  return Math.max(1, Math.min(cores - 1, byWork, combinations));
}

/**
 * Threads for a sweep of `combinations` on `cores` cores, each replaying the candles of `table` in
 * the period swept, [fromMs, toMs) of the backtest's options (the whole table without them):
 * `threadsForReplays` of those candles.
 */
export function sweepThreadsFor(
  cores: number,
  combinations: number,
  table: CandleTable,
  period: { fromMs?: number; toMs?: number },
): number {
  const { start, end } = rangeIndices(
    table,
    period.fromMs ?? Number.NEGATIVE_INFINITY,
    period.toMs ?? Number.POSITIVE_INFINITY,
  );
  return threadsForReplays(cores, combinations, end - start);
}
