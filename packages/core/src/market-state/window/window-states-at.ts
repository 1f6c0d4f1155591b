import { pctNumber } from '../../numbers/fast.js';
import { assertRequirements, changeState, splitSumState } from '../state-mapping.js';
import type { MarketStateValue } from '../types.js';
import { SPLIT_PERCENTAGE_LIST, splitSize } from './splits.js';
import { assertSlice, readPrice } from './values.js';

/*
 * The per-candle loop of a backtest. A split's state is that of its change rounded to 2 dp; the
 * rounding moves the change by at most 0.005, so the state of the plain double change moved down
 * by a margin (`low`) and moved up by it (`high`) bound the real state. When the two agree for all
 * 8 splits the states are known without any rounding; otherwise (≈ 2 % of splits with the default
 * 0.025 % requirement, the band around it is wide) the exact 2 dp change decides (`pctNumber`).
 * States are counted as sums of comparisons (`+(x >= t)`), not `if` chains: the states of
 * consecutive candles are unpredictable, and mispredicted branches cost more than the arithmetic.
 */

/**
 * 0.005 for the rounding plus an allowance for the double's error, which is at most a few ulps of
 * the prices relative to the split's first price (≈ 1e-14 %) plus a few ulps of the change: the
 * margin is 0.005 + 2e-10 + change × 1e-12 (change > −100 always, so this covers |change| × 1e-12),
 * over 1,000 times either error.
 */
export const MARGIN = 0.005 + 2e-10;
export const RELATIVE_MARGIN = 1e-12;
/** Prices at or below this (subnormal territory, where a double loses digits) are rounded exactly. */
export const TINY_PRICE = 1e-300;

/** The split sizes of the last window length seen: they depend on the length alone (a memo). */
let memoLength = -1;
const memoSizes = new Int32Array(8);

export function splitSizes(length: number): Int32Array {
  if (length !== memoLength) {
    for (let split = 0; split < 8; split += 1) {
      memoSizes[split] = splitSize(length, SPLIT_PERCENTAGE_LIST[split]!);
    }
    memoLength = length;
  }
  return memoSizes;
}

/**
 * The state of a change in % (with 0 < requirement < strong, checked by the caller): 2, 1, 0, −1
 * or −2 as `changeState` gives it, counted without branches.
 */
export function bandState(change: number, requirement: number, strongRequirement: number): number {
  return (
    +(change >= strongRequirement) +
    +(change >= requirement) -
    +(change <= -strongRequirement) -
    +(change <= -requirement)
  );
}

/**
 * The exact path, for the few windows a split of which is near a threshold (or whose values are
 * not all comfortable prices): every value read and checked again in `windowStateAt`'s order (so a
 * bad value fails with the same error), and a split's change rounded exactly (`pctNumber`) only
 * when its low and high states differ.
 */
function exactStates(
  values: ArrayLike<number>,
  end: number,
  sizes: Int32Array,
  requirement: number,
  strongRequirement: number,
  states: Int8Array | undefined,
): MarketStateValue {
  const last = readPrice(values, end);
  let sum = 0;
  for (let split = 0; split < 8; split += 1) {
    const first = readPrice(values, end - sizes[split]! + 1);
    const change = ((last - first) / first) * 100;
    const margin = MARGIN + change * RELATIVE_MARGIN;
    let state = bandState(change - margin, requirement, strongRequirement);
    if (
      !(first > TINY_PRICE && last > TINY_PRICE) ||
      state !== bandState(change + margin, requirement, strongRequirement)
    ) {
      state = changeState(pctNumber(first, last) + 0, requirement, strongRequirement);
    }
    if (states !== undefined) states[split] = state;
    sum += state;
  }
  return splitSumState(sum);
}

/**
 * `windowStateAt` without the changes: the same window state of `values[end − length + 1 … end]`,
 * and when `states` (8 entries) is given the same 8 split states in SPLIT_IDS order. Nothing is
 * rounded unless a split's change lies within ~0.005 % of ±requirement or ±strongRequirement,
 * which makes it cheap enough for every candle of a long backtest. Same checks as
 * `windowStateAt`: the slice bounds, the requirements and the 9 values read (INVALID_WINDOW_VALUES,
 * INVALID_STATE_REQUIREMENTS).
 */
export function windowStatesAt(
  values: ArrayLike<number>,
  end: number,
  length: number,
  requirement: number,
  strongRequirement: number,
  states?: Int8Array,
): MarketStateValue {
  assertSlice(values, end, length);
  assertRequirements(requirement, strongRequirement);
  const sizes = splitSizes(length);
  const last = values[end]!;
  // Any value that is not a comfortable price (not a number, ≤ 1e-300, infinite) goes the exact way.
  let plain = typeof last === 'number' && last > TINY_PRICE && last < Number.POSITIVE_INFINITY;
  let lowSum = 0;
  let highSum = 0;
  const r = requirement;
  const s = strongRequirement;
  for (let split = 0; split < 8; split += 1) {
    const first = values[end - sizes[split]! + 1]!;
    plain = plain && typeof first === 'number' && first > TINY_PRICE && first < Number.POSITIVE_INFINITY;
    const change = ((last - first) / first) * 100;
    const margin = MARGIN + change * RELATIVE_MARGIN;
    const low = change - margin;
    const high = change + margin;
    const lowState = bandState(low, r, s);
    const highState = bandState(high, r, s);
    if (states !== undefined) states[split] = lowState;
    lowSum += lowState;
    highSum += highState;
  }
  // An infinite or NaN change makes `low` NaN, whose comparisons are all false: lowSum ≠ highSum.
  if (plain) {
    if (lowSum === highSum) return splitSumState(lowSum);
    // Every split's real state lies between its low and high states, so when both sums give the
    // same window state it is the answer (only when the split states are not asked for).
    const state = splitSumState(lowSum);
    if (states === undefined && state === splitSumState(highSum)) return state;
  }
  return exactStates(values, end, sizes, requirement, strongRequirement, states);
}

/**
 * The state of one split (its index in SPLIT_IDS order) of `values[end − length + 1 … end]`:
 * `windowStatesAt`'s `states[split]` for the same window, from that split's first and last
 * values alone (the reversal reads 4 of the 8 splits). Same checks on the slice and those two
 * values (INVALID_WINDOW_VALUES); the requirements are the caller's (checked by `windowStatesAt`
 * or `scanWindowExtremes` on the same settings).
 */
export function splitStateAt(
  values: ArrayLike<number>,
  end: number,
  length: number,
  split: number,
  requirement: number,
  strongRequirement: number,
): MarketStateValue {
  assertSlice(values, end, length);
  const last = readPrice(values, end);
  const first = readPrice(values, end - splitSizes(length)[split]! + 1);
  const change = ((last - first) / first) * 100;
  const margin = MARGIN + change * RELATIVE_MARGIN;
  const low = bandState(change - margin, requirement, strongRequirement);
  if (
    first > TINY_PRICE &&
    last > TINY_PRICE &&
    low === bandState(change + margin, requirement, strongRequirement)
  ) {
    return low as MarketStateValue;
  }
  return changeState(pctNumber(first, last) + 0, requirement, strongRequirement);
}
