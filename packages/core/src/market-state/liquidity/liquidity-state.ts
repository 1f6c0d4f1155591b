import { CodedError } from '../../errors/coded-error.js';
import { roundDecimal, toDecimal } from '../../numbers/decimal.js';
import { round2HalfUp } from '../../numbers/fast.js';
import { assertTime, isFiniteNumber, isPositiveFinite } from '../checks.js';
import { checkConfig } from '../config-check.js';
import { mergedSizes, type OrderBook } from './book.js';
import { type LiquidityConfig, liquidityConfigSchema } from './config.js';
import { computeThresholds, intensityOf, type LiquidityThresholds } from './thresholds.js';

/** Thresholds are recomputed at most this often (docs/strategy.md#liquidity), in ms. */
export const THRESHOLDS_REFRESH_MS = 30_000;

/** price × (1 + pct/100), computed exactly and rounded to 2 dp half up: a range's far edge. */
function rangeBound(price: number, pct: number): number {
  return roundDecimal(toDecimal(price).times(toDecimal(100).plus(pct)).dividedBy(100), 2).toNumber();
}

/** The liquidity indicator after one tick. Plain data: pass it back as `previous` next tick. */
export interface LiquidityState {
  /** bid points × 100 / (bid + ask points), 2 dp; 50 when both are 0. */
  bidDominance: number;
  /** True when both sides scored 0 and 50 was reported (the original throws there). */
  neutral: boolean;
  /** Σ weight[intensity] over the bid levels in range. */
  bidPoints: number;
  askPoints: number;
  /** The thresholds used; null while no level has been in range. */
  thresholds: LiquidityThresholds | null;
  /** When the thresholds were computed (ms); null with them. */
  thresholdsTime: number | null;
}

const THRESHOLD_KEYS = [
  'mean',
  'meanLow',
  'meanLowMedium',
  'meanMedium',
  'meanMediumAdj',
  'meanHigh',
  'meanHighAdj',
  'meanVeryHigh',
] as const;

function assertPrevious(previous: LiquidityState | null): void {
  if (previous === null) return;
  const valid =
    typeof previous === 'object' &&
    (previous.thresholds === null
      ? previous.thresholdsTime === null
      : typeof previous.thresholds === 'object' &&
        THRESHOLD_KEYS.every((key) => isFiniteNumber(previous.thresholds?.[key])) &&
        isFiniteNumber(previous.thresholdsTime));
  if (!valid) throw new CodedError('INVALID_LIQUIDITY_STATE', JSON.stringify(previous));
}

function sidePoints(
  sizes: number[],
  thresholds: LiquidityThresholds | null,
  config: LiquidityConfig,
): number {
  if (thresholds === null) return 0;
  const weights = config.intensityWeights;
  let points = 0;
  for (const size of sizes) {
    const intensity = intensityOf(size, thresholds);
    if (intensity !== 0) points += weights[intensity];
  }
  return points;
}

/**
 * The bid dominance of the book around `price` (docs/strategy.md#liquidity): asks in (p, p(1 + d/100)], bids
 * in [p(1 − d/100), p), level prices floored to whole units and summed, intensities against the
 * thresholds (recomputed from both sides' levels when `previous` has none, they are 30 s old or
 * more, or the clock went back; an empty range keeps the old ones),
 * points per side = Σ weight[intensity]. **We:** both sides 0 → 50 with `neutral: true`.
 * Throws INVALID_ORDER_BOOK, INVALID_MARKET_PRICE, INVALID_LIQUIDITY_CONFIG, INVALID_MARKET_TIME
 * or INVALID_LIQUIDITY_STATE for malformed input. O(levels); a 2,000-level book takes microseconds.
 */
export function liquidityState(
  book: OrderBook,
  price: number,
  config: LiquidityConfig,
  previous: LiquidityState | null,
  now: number,
): LiquidityState {
  if (typeof book !== 'object' || book === null)
    throw new CodedError('INVALID_ORDER_BOOK', 'expected an object');
  if (!isPositiveFinite(price)) throw new CodedError('INVALID_MARKET_PRICE', String(price));
  checkConfig(liquidityConfigSchema, config, 'INVALID_LIQUIDITY_CONFIG');
  assertTime(now);
  assertPrevious(previous);

  const distance = config.maxDistanceFromPrice;
  const bids = mergedSizes(
    book.bids,
    { low: rangeBound(price, -distance), includeLow: true, high: price, includeHigh: false },
    'bids',
  );
  const asks = mergedSizes(
    book.asks,
    { low: price, includeLow: false, high: rangeBound(price, distance), includeHigh: true },
    'asks',
  );

  let thresholds = previous?.thresholds ?? null;
  let thresholdsTime = previous?.thresholdsTime ?? null;
  const due =
    thresholds === null ||
    thresholdsTime === null ||
    now - thresholdsTime >= THRESHOLDS_REFRESH_MS ||
    now < thresholdsTime;
  // An empty range keeps the old thresholds (their old time makes the next tick try again).
  const fresh = due ? computeThresholds(bids.concat(asks)) : null;
  if (fresh !== null) {
    thresholds = fresh;
    thresholdsTime = now;
  }

  const bidPoints = sidePoints(bids, thresholds, config);
  const askPoints = sidePoints(asks, thresholds, config);
  const total = bidPoints + askPoints;
  return {
    bidDominance: total === 0 ? 50 : round2HalfUp((bidPoints * 100) / total),
    neutral: total === 0,
    bidPoints,
    askPoints,
    thresholds,
    thresholdsTime,
  };
}
