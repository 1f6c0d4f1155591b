import { average2HalfUp, round2HalfUp } from '../../numbers/fast.js';
import type { Intensity } from './config.js';

/**
 * The intensity thresholds of docs/strategy.md#liquidity, in base units, each rounded to 2 dp and built from
 * the rounded ones before it: mean ≥ meanLow, and mean ≤ meanMediumAdj ≤ meanMedium ≤ meanHighAdj
 * ≤ meanHigh ≤ meanVeryHigh.
 */
export interface LiquidityThresholds {
  /** Average size of the in-range levels of both sides. */
  mean: number;
  /** avg(mean, smallest size). */
  meanLow: number;
  /** avg(meanLow, meanMediumAdj). */
  meanLowMedium: number;
  /** avg(mean, meanHighAdj). */
  meanMedium: number;
  /** avg(mean, meanMedium). */
  meanMediumAdj: number;
  /** avg(mean, meanVeryHigh). */
  meanHigh: number;
  /** avg(mean, meanHigh). */
  meanHighAdj: number;
  /** avg(mean, largest size). */
  meanVeryHigh: number;
}

/** avg(a, b) on decimal values, 2 dp half up: avg(3.5, 5.13) = 4.32, not the doubles' 4.31. */
const average = average2HalfUp;

/**
 * The thresholds of the given level sizes (both sides together), or null when there are none. The
 * first mean is a plain double sum ÷ count; every later average is exact on the rounded values.
 */
export function computeThresholds(sizes: readonly number[]): LiquidityThresholds | null {
  if (sizes.length === 0) return null;
  let sum = 0;
  let smallest = Number.POSITIVE_INFINITY;
  let largest = 0;
  for (const size of sizes) {
    sum += size;
    if (size < smallest) smallest = size;
    if (size > largest) largest = size;
  }
  const mean = round2HalfUp(sum / sizes.length);
  const meanLow = average(mean, smallest);
  const meanVeryHigh = average(mean, largest);
  const meanHigh = average(mean, meanVeryHigh);
  const meanHighAdj = average(mean, meanHigh);
  const meanMedium = average(mean, meanHighAdj);
  const meanMediumAdj = average(mean, meanMedium);
  const meanLowMedium = average(meanLow, meanMediumAdj);
  return { mean, meanLow, meanLowMedium, meanMedium, meanMediumAdj, meanHigh, meanHighAdj, meanVeryHigh };
}

/** A level's intensity: 4 if ≥ meanHighAdj, 3 if ≥ meanMediumAdj, 2 if ≥ meanLowMedium, 1 if ≥ meanLow. */
export function intensityOf(size: number, thresholds: LiquidityThresholds): Intensity {
  if (size >= thresholds.meanHighAdj) return 4;
  if (size >= thresholds.meanMediumAdj) return 3;
  if (size >= thresholds.meanLowMedium) return 2;
  if (size >= thresholds.meanLow) return 1;
  return 0;
}
