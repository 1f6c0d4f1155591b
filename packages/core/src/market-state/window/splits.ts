import type { SplitId } from '../types.js';

/** The share of the window each split covers, in %, in SPLIT_IDS order (docs/strategy.md#window). */
export const SPLIT_PERCENTAGES: Readonly<Record<SplitId, number>> = Object.freeze({
  s100: 100,
  s75: 75,
  s50: 50,
  s25: 25,
  s15: 15,
  s10: 10,
  s5: 5,
  s2: 2,
});

/** The same percentages as an array in SPLIT_IDS order, for index loops. */
export const SPLIT_PERCENTAGE_LIST: readonly number[] = Object.freeze([100, 75, 50, 25, 15, 10, 5, 2]);

/**
 * How many of the most recent values a split covers: ceil(length × percentage / 100), at least 1
 * for any length ≥ 1. Computed as an integer product then one division, so no float error can push
 * an exact multiple over the ceiling (128 → 128 96 64 32 20 13 7 3).
 */
export function splitSize(length: number, percentage: number): number {
  return Math.ceil((length * percentage) / 100);
}
