import type { CandleTable } from '../market-data/candle-table.js';
import type { ExchangeConfig } from './exchange/exchange-config.js';

export const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * What every strategy of one backtest shares: the same candles, starting cash, exchange rules,
 * the candles at which equity is sampled for charts, and the weekly dates of the baselines.
 */
export interface RunFrame {
  readonly table: CandleTable;
  /** Starting cash, quote, decimal string. */
  readonly startQuote: string;
  readonly exchange: ExchangeConfig;
  /** Width of a chart bucket, ms: equity is sampled and candles are merged per bucket. */
  readonly bucketMs: number;
  /** Ascending candle indices whose close is sampled into the equity curves (last candle included). */
  readonly samples: Int32Array;
  /** Candle index of each weekly date: the first candle opening at or after start + k weeks. */
  readonly weekly: Int32Array;
  /**
   * Closes the strategy's window reads: the table's closes preceded by up to (window size − 1)
   * earlier closes of the same file, so the window is full from the first candle when history
   * exists. `windowCloses[windowOffset + i]` is `table.close[i]`.
   */
  readonly windowCloses: Float64Array;
  readonly windowOffset: number;
}

/** Chart bucket sizes, smallest first; the frame picks the smallest giving ≤ `maxBuckets`. */
const BUCKETS_MS = [3600e3, 4 * 3600e3, 24 * 3600e3, WEEK_MS, 4 * WEEK_MS];

/** Chooses the chart bucket (≥ the candle interval) that keeps the sample count ≤ maxBuckets. */
export function chooseBucketMs(table: CandleTable, maxBuckets = 800): number {
  const span = table.length > 0 ? table.time[table.length - 1]! - table.time[0]! + table.intervalMs : 0;
  for (const bucket of BUCKETS_MS) {
    if (bucket >= table.intervalMs && span / bucket <= maxBuckets) return bucket;
  }
  return BUCKETS_MS[BUCKETS_MS.length - 1]!;
}

/** Index of the last candle of every UTC bucket (bucket boundaries at multiples of bucketMs). */
export function bucketEnds(table: CandleTable, bucketMs: number): Int32Array {
  const ends: number[] = [];
  for (let i = 0; i < table.length; i++) {
    const next = i + 1 < table.length ? table.time[i + 1]! : Number.POSITIVE_INFINITY;
    if (Math.floor(next / bucketMs) !== Math.floor(table.time[i]! / bucketMs)) ends.push(i);
  }
  return Int32Array.from(ends);
}

/** The candle index of each weekly date start + k × 7 d within the table (k = 0, 1, …). */
export function weeklyIndices(table: CandleTable): Int32Array {
  const out: number[] = [];
  if (table.length === 0) return new Int32Array(0);
  const start = table.time[0]!;
  let due = start;
  for (let i = 0; i < table.length; i++) {
    if (table.time[i]! >= due) {
      out.push(i);
      // A gap longer than a week skips the missed dates rather than buying twice at once.
      while (due <= table.time[i]!) due += WEEK_MS;
    }
  }
  return Int32Array.from(out);
}

/** Builds the shared frame for a table, with optional earlier closes for the window's warm-up. */
export function buildFrame(
  table: CandleTable,
  startQuote: string,
  exchange: ExchangeConfig,
  history: { closes: Float64Array; offset: number } = { closes: table.close, offset: 0 },
): RunFrame {
  const bucketMs = chooseBucketMs(table);
  return {
    table,
    startQuote,
    exchange,
    bucketMs,
    samples: bucketEnds(table, bucketMs),
    weekly: weeklyIndices(table),
    windowCloses: history.closes,
    windowOffset: history.offset,
  };
}
