import { type CandleTable, firstAtOrAfter } from '../market-data/candle-table.js';
import type { ExchangeConfig } from './exchange/exchange-config.js';
import type { IrrConvention } from './metrics/irr-convention.js';

export const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * What every strategy of one backtest shares: the same candles, starting cash, exchange rules,
 * the candles at which equity is sampled for charts (the baselines' contribution dates are
 * baselines/schedule.ts').
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
  /**
   * Closes the strategy's window reads: the table's closes preceded by up to (window size − 1)
   * earlier closes of the same file, so the window is full from the first candle when history
   * exists. `windowCloses[windowOffset + i]` is `table.close[i]`.
   */
  readonly windowCloses: Float64Array;
  readonly windowOffset: number;
  /** How every outcome's IRR is computed (default XIRR). */
  readonly irr?: IrrConvention;
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
  const { time, length } = table;
  // A bucket [k × bucketMs, (k + 1) × bucketMs) holds consecutive candles (the open times ascend
  // strictly), so its last candle is the one before the first at or after its end: a search per
  // bucket instead of comparing floor(time / bucketMs) at every candle.
  for (let i = 0; i < length; ) {
    const next = firstAtOrAfter(time, i + 1, (Math.floor(time[i]! / bucketMs) + 1) * bucketMs);
    ends.push(next - 1);
    i = next;
  }
  return Int32Array.from(ends);
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
    windowCloses: history.closes,
    windowOffset: history.offset,
  };
}
