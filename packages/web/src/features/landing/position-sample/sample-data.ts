import { SAMPLE_INTERVAL_SECONDS, SAMPLE_ROWS, SAMPLE_START_TIME } from './sample-candles';
import { type IllustrationRules, illustrateTrades, type SampleCandle } from './sample-markers';

export const SAMPLE_CANDLES: readonly SampleCandle[] = SAMPLE_ROWS.map(([open, high, low, close], i) => ({
  time: SAMPLE_START_TIME + i * SAMPLE_INTERVAL_SECONDS,
  open,
  high,
  low,
  close,
}));

/**
 * The Swing Trader template's gains (%), whose decrease levels the sample sells at: 3 … 15 % spread
 * the sells over the 2018 rally, where the default's smaller gains would bunch them in a few hours.
 * Copied as plain numbers so the landing page does not load @balancer/core (zod, bignumber.js);
 * sample-data.test.ts checks they equal STRATEGY_TEMPLATES.SWING_TRADER.
 */
export const SWING_TRADER_GAINS = { increase: -3, decrease: [3, 6, 9, 12, 15] } as const;

/** A crash is a 10 % drop within a day of 1 h candles; adds wait 6 h, sells 4 h (illustration only). */
export const SAMPLE_RULES: IllustrationRules = {
  lookback: 24,
  crashPercent: 10,
  increaseGainRequirement: SWING_TRADER_GAINS.increase,
  idleCandles: 6,
  sellGapCandles: 4,
  decreaseGains: [...SWING_TRADER_GAINS.decrease],
};

export const SAMPLE_MARKERS = illustrateTrades(SAMPLE_CANDLES, SAMPLE_RULES);
