import type { UTCTimestamp } from 'lightweight-charts';

/** One candle as lightweight-charts takes it: `time` in seconds (UTC), prices in quote units. */
export interface ChartCandle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** Candles as the API sends them, in parallel arrays; `id` are open times in ms. */
export interface CandleArrays {
  id: readonly number[];
  open: readonly number[];
  high: readonly number[];
  low: readonly number[];
  close: readonly number[];
}

/** The arrays as chart candles (times ms → s), in the arrays' order. */
export function toChartCandles(arrays: CandleArrays): ChartCandle[] {
  return arrays.id.map((ms, i) => ({
    time: Math.floor(ms / 1000),
    open: arrays.open[i] ?? 0,
    high: arrays.high[i] ?? 0,
    low: arrays.low[i] ?? 0,
    close: arrays.close[i] ?? 0,
  }));
}

/** A candle or marker with its seconds typed as the library's timestamp (a cast, nothing else). */
export function withUtcTime<T extends { time: number }>(item: T): T & { time: UTCTimestamp } {
  return { ...item, time: item.time as UTCTimestamp };
}
