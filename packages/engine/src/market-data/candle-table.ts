/**
 * Candles as parallel typed arrays, oldest first: the backtester reads millions of them per
 * second, so a candle is never an object. Prices are plain numbers here (they drive indicators);
 * money derived from them is converted to `Decimal` where an order is filled.
 */
export interface CandleTable {
  /** Open time of each candle, ms since the epoch (UTC), strictly ascending. */
  readonly time: Float64Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  /** Base (BTC) volume. */
  readonly volume: Float64Array;
  readonly length: number;
  /** The most common spacing between open times, ms (the candle interval; gaps are allowed). */
  readonly intervalMs: number;
}

/** Allocates an empty table of `length` candles (filled by the caller). */
export function allocateCandles(length: number): Omit<CandleTable, 'intervalMs'> {
  return {
    time: new Float64Array(length),
    open: new Float64Array(length),
    high: new Float64Array(length),
    low: new Float64Array(length),
    close: new Float64Array(length),
    volume: new Float64Array(length),
    length,
  };
}

/** The most common difference between consecutive open times (0 when fewer than 2 candles). */
export function commonInterval(time: Float64Array): number {
  // Counted by runs of equal steps (a candle file is one long run, broken only at gaps): the map
  // is touched once per run, not once per candle. The result does not depend on the order.
  const counts = new Map<number, number>();
  let step = Number.NaN;
  let run = 0;
  for (let i = 1; i < time.length; i++) {
    const next = time[i]! - time[i - 1]!;
    if (next === step) run++;
    else {
      if (run > 0) counts.set(step, (counts.get(step) ?? 0) + run);
      step = next;
      run = 1;
    }
  }
  if (run > 0) counts.set(step, (counts.get(step) ?? 0) + run);
  let best = 0;
  let bestCount = 0;
  for (const [step, count] of counts) {
    if (count > bestCount || (count === bestCount && step < best)) {
      best = step;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The candles whose open time lies in [fromMs, toMs) as views on the same memory (no copy).
 * `intervalMs` is kept from the whole table.
 */
export function sliceCandles(table: CandleTable, fromMs: number, toMs: number): CandleTable {
  const { start, end } = rangeIndices(table, fromMs, toMs);
  return sliceByIndex(table, start, end);
}

/** Indices [start, end) of the candles whose open time lies in [fromMs, toMs). */
export function rangeIndices(
  table: CandleTable,
  fromMs: number,
  toMs: number,
): { start: number; end: number } {
  return {
    start: lowerBound(table.time, fromMs),
    end: Math.max(lowerBound(table.time, fromMs), lowerBound(table.time, toMs)),
  };
}

/** Candles [start, end) as views on the same memory. */
export function sliceByIndex(table: CandleTable, start: number, end: number): CandleTable {
  return {
    time: table.time.subarray(start, end),
    open: table.open.subarray(start, end),
    high: table.high.subarray(start, end),
    low: table.low.subarray(start, end),
    close: table.close.subarray(start, end),
    volume: table.volume.subarray(start, end),
    length: end - start,
    intervalMs: table.intervalMs,
  };
}

/**
 * The first index ≥ `from` whose time is ≥ `value` in strictly ascending times (their length when
 * none is): a galloping search, a few steps from `from` when the answer is near.
 */
export function firstAtOrAfter(time: Float64Array, from: number, value: number): number {
  if (Number.isNaN(value)) return time.length; // no time is ≥ NaN
  if (from >= time.length || time[from]! >= value) return from;
  // time[low] < value; time[high] ≥ value or high = length.
  let low = from;
  let step = 1;
  while (low + step < time.length && time[low + step]! < value) {
    low += step;
    step *= 2;
  }
  let high = Math.min(low + step, time.length);
  while (high - low > 1) {
    const middle = (low + high) >>> 1;
    if (time[middle]! < value) low = middle;
    else high = middle;
  }
  return high;
}

/** First index whose value is ≥ `value` in an ascending array. */
function lowerBound(values: Float64Array, value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Human label of an interval in ms: `15m`, `1h`, `1d`, or `<n>ms` for anything else. */
export function intervalLabel(intervalMs: number): string {
  const minute = 60_000;
  if (intervalMs % (1440 * minute) === 0 && intervalMs > 0) return `${intervalMs / (1440 * minute)}d`;
  if (intervalMs % (60 * minute) === 0 && intervalMs > 0) return `${intervalMs / (60 * minute)}h`;
  if (intervalMs % minute === 0 && intervalMs > 0) return `${intervalMs / minute}m`;
  return `${intervalMs}ms`;
}

/** Builds a table from `[openTimeMs, open, high, low, close]` rows (tests and tools; volume 1). */
export function candleTableFrom(
  rows: readonly (readonly [number, number, number, number, number])[],
): CandleTable {
  const table = allocateCandles(rows.length);
  rows.forEach(([time, open, high, low, close], i) => {
    table.time[i] = time;
    table.open[i] = open;
    table.high[i] = high;
    table.low[i] = low;
    table.close[i] = close;
    table.volume[i] = 1;
  });
  return { ...table, intervalMs: commonInterval(table.time) };
}

/** A stretch with no candles: the exchange's halt, or data it does not have. */
export interface CandleGap {
  /** Open time of the last candle before the gap. */
  readonly after: number;
  /** Open time of the first candle after it. */
  readonly before: number;
  /** Candles missing between the two at `intervalMs`. */
  readonly missing: number;
}

/**
 * Every place where consecutive open times are further apart than `intervalMs`: reported, never
 * filled in (an interpolated candle would be a price nobody traded at).
 */
export function findGaps(time: Float64Array, intervalMs: number): CandleGap[] {
  const gaps: CandleGap[] = [];
  if (!(intervalMs > 0)) return gaps;
  for (let i = 1; i < time.length; i++) {
    const step = time[i]! - time[i - 1]!;
    if (step > intervalMs)
      gaps.push({ after: time[i - 1]!, before: time[i]!, missing: Math.round(step / intervalMs) - 1 });
  }
  return gaps;
}
