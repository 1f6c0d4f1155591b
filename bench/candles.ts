// Candle tables for the benchmarks: the shipped real year, repeated to a size (backtest.ts, market-data.ts).
import { allocateCandles, type CandleTable, commonInterval } from '@balancer/engine';

/**
 * The real year repeated until ≥ `target` candles: times shift by the year's span so they keep
 * rising; every odd repeat plays the year backwards (candle order reversed, open and close
 * swapped), so each repeat starts exactly where the previous one ended and prices stay real
 * 2-decimal values in the real range (no rescaling).
 */
export function repeatedYear(year: CandleTable, target: number): CandleTable {
  const repeats = Math.ceil(target / year.length);
  const out = allocateCandles(repeats * year.length);
  const span = year.length * year.intervalMs;
  for (let r = 0; r < repeats; r++) {
    const backwards = r % 2 === 1;
    for (let k = 0; k < year.length; k++) {
      const i = r * year.length + k;
      const j = backwards ? year.length - 1 - k : k;
      out.time[i] = year.time[0]! + r * span + k * year.intervalMs;
      out.open[i] = backwards ? year.close[j]! : year.open[j]!;
      out.close[i] = backwards ? year.open[j]! : year.close[j]!;
      out.high[i] = year.high[j]!;
      out.low[i] = year.low[j]!;
      out.volume[i] = year.volume[j]!;
    }
  }
  return { ...out, intervalMs: commonInterval(out.time) };
}
