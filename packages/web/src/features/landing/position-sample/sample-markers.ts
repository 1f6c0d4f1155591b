import type { ChartCandle } from '../../../lib/chart/candles';
import { type ChartMarker, tradeMarker } from '../../../lib/chart/markers';

/** One candle; `time` in seconds since the epoch (UTC), prices in quote units. */
export type SampleCandle = ChartCandle;

/**
 * The simplified rules the sample chart illustrates. They stand in for the real engine, which also
 * needs the window state, the order book and the coins indicators (none exist for 2018 candles):
 * a buy is a bounce right after a crash low, a sell is a decrease level's gain being reached.
 */
export interface IllustrationRules {
  /** Candles the crash is measured over (the high before the dip and the low to bounce from). */
  lookback: number;
  /** Drawdown (%) from the lookback high that counts as a crash, e.g. 10. */
  crashPercent: number;
  /** An add needs the close at least this % from the average entry (the strategy's −3). */
  increaseGainRequirement: number;
  /** Candles to wait after a buy before the next one. */
  idleCandles: number;
  /** Gain (%) of each decrease level, rising; each level sells once here. */
  decreaseGains: readonly number[];
  /** Candles between two sells (the engine paces sells too; this keeps the markers legible). */
  sellGapCandles: number;
}

const pct = (from: number, to: number): number => ((to - from) / from) * 100;

/** A bounce: the previous candle made the lowest low of the lookback, this one closes up from it. */
function isBounceAfterCrash(candles: readonly SampleCandle[], i: number, rules: IllustrationRules): boolean {
  const from = i - 1 - rules.lookback;
  if (from < 0) return false;
  const past = candles.slice(from, i);
  const previous = candles[i - 1]!;
  const candle = candles[i]!;
  const lowest = Math.min(...past.map((c) => c.low));
  const highest = Math.max(...past.map((c) => c.high));
  return (
    previous.low === lowest &&
    pct(highest, lowest) <= -rules.crashPercent &&
    candle.close > candle.open &&
    candle.close > previous.close
  );
}

/**
 * Buy and sell markers for the sample chart (pure; candles in time order). Every buy spends the
 * same quote amount, so the average entry is the harmonic mean of the buy prices.
 */
export function illustrateTrades(candles: readonly SampleCandle[], rules: IllustrationRules): ChartMarker[] {
  const markers: ChartMarker[] = [];
  let inverseSum = 0; // Σ 1/price over the buys
  let buys = 0;
  let lastBuy = Number.NEGATIVE_INFINITY;
  let nextLevel = 0;
  let lastSell = Number.NEGATIVE_INFINITY;
  candles.forEach((candle, i) => {
    const entry = buys > 0 ? buys / inverseSum : undefined;
    const canAdd =
      entry === undefined ||
      (i - lastBuy >= rules.idleCandles && pct(entry, candle.close) <= rules.increaseGainRequirement);
    if (canAdd && isBounceAfterCrash(candles, i, rules)) {
      inverseSum += 1 / candle.close;
      buys += 1;
      lastBuy = i;
      markers.push(tradeMarker('BUY', candle.time));
      return;
    }
    const level = rules.decreaseGains[nextLevel];
    const rested = i - lastSell >= rules.sellGapCandles;
    if (entry !== undefined && level !== undefined && rested && pct(entry, candle.close) >= level) {
      nextLevel += 1;
      lastSell = i;
      markers.push(tradeMarker('SELL', candle.time));
    }
  });
  return markers;
}
