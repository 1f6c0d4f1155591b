import { assertRequirements, splitSumState } from '../state-mapping.js';
import {
  bandState,
  MARGIN,
  RELATIVE_MARGIN,
  splitSizes,
  TINY_PRICE,
  windowStatesAt,
} from './window-states-at.js';

/*
 * A backtest acts on two window states only (−2 starts a crash, 2 allows a decrease) and reads
 * every other state only while a crash is active. This scan finds, for every candle of a range,
 * whether its window state is 2, −2 or neither, at a few multiplications per split:
 * - window state 2 needs a split-state sum ≥ 12 over 8 splits of states ≤ 2: with at most 3 splits
 *   at 2 the sum is at most 3 × 2 + 5 × 1 = 11, so it needs 4 splits at 2 (−2 likewise); and
 *   with A splits that may be at 2 and B that may be ≥ 1 the sum is at most A + B (a split in
 *   both gives ≤ 2, in one ≤ 1, in neither ≤ 0), so it needs A + B ≥ 12;
 * - a split is at 2 only if its change rounded to 2 dp is ≥ s, so its exact change is
 *   ≥ s − 0.005 %, i.e. last ≥ first × (1 + (s − 0.005) / 100). `first > last ÷ STRONG_UP` with
 *   STRONG_UP = 1 + (s − 0.01) / 100 in doubles (relative error a few 1e-16, against a 5e-5 gap)
 *   rules it out; −2 is ruled out by `first < last ÷ (1 − (s − 0.01) / 100)` the same way (for
 *   s ≥ 100.01, where a fall of s − 0.005 % is impossible, the divisor is 0 and rules out every
 *   split, or negative and rules out none: both are safe). "May be ≥ 1" and "may be ≤ −1" are
 *   ruled out the same way with the requirement r in place of s.
 * The windows not ruled out (≈ 17 % on the Binance year, 4 in 5 of them really ±2) are bounded
 * the same way in price space (a split surely at ≥ t when its change is ≥ t + 0.01, below it when
 * < t − 0.01), which decides most of them at a few comparisons; the rest get the low/high bounds
 * of window-states-at.ts, and `windowStatesAt` itself when those disagree, so every answer is the
 * one `windowStatesAt` gives. (The scan is ~40 % of a backtest on a table not seen before.)
 */

/** True when every value of values[from … to) is a comfortable price (finite, > TINY_PRICE). */
function allPlainPrices(values: Float64Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const value = values[i]!;
    if (!(value > TINY_PRICE && value < Number.POSITIVE_INFINITY)) return false;
  }
  return true;
}

/**
 * For a candidate: how many of the 8 splits' first values are ≤ `up`, less how many are ≥ `down`
 * (sums of comparisons: no branches). The scan's own loop writes its counts inline: called
 * there, V8 does not inline this into the long loop and the scan takes twice as long.
 */
function beyond(
  f0: number,
  f1: number,
  f2: number,
  f3: number,
  f4: number,
  f5: number,
  f6: number,
  f7: number,
  up: number,
  down: number,
): number {
  const risen = +(f0 <= up) + +(f1 <= up) + +(f2 <= up) + +(f3 <= up) + +(f4 <= up) + +(f5 <= up);
  const fallen = +(f0 >= down) + +(f1 >= down) + +(f2 >= down) + +(f3 >= down) + +(f4 >= down);
  return risen + +(f6 <= up) + +(f7 <= up) - fallen - +(f5 >= down) - +(f6 >= down) - +(f7 >= down);
}

/** The window state of a candidate window: bounds first, `windowStatesAt` when they disagree. */
function candidateState(
  values: Float64Array,
  end: number,
  length: number,
  sizes: Int32Array,
  r: number,
  s: number,
): number {
  const last = values[end]!;
  let lowSum = 0;
  let highSum = 0;
  for (let split = 0; split < 8; split++) {
    const first = values[end - sizes[split]! + 1]!;
    const change = ((last - first) / first) * 100;
    const margin = MARGIN + change * RELATIVE_MARGIN;
    lowSum += bandState(change - margin, r, s);
    highSum += bandState(change + margin, r, s);
  }
  const low = splitSumState(lowSum);
  return low === splitSumState(highSum) ? low : windowStatesAt(values, end, length, r, s);
}

/**
 * Writes into `out[k]`, for end = from + k (from ≤ end < to), 2 or −2 when
 * `windowStatesAt(values, end, length, requirement, strongRequirement)` is 2 or −2, else 0.
 * Same errors as `windowStatesAt` (INVALID_WINDOW_VALUES, INVALID_STATE_REQUIREMENTS): a range
 * holding a value that is not a comfortable price is answered window by window by
 * `windowStatesAt`, which throws at the first window reading a bad one. `out` needs to − from entries.
 */
export function scanWindowExtremes(
  values: Float64Array,
  from: number,
  to: number,
  length: number,
  requirement: number,
  strongRequirement: number,
  out: Int8Array,
): void {
  assertRequirements(requirement, strongRequirement);
  if (to <= from) return;
  const extreme = (state: number) => (state === 2 || state === -2 ? state : 0);
  // The first window's bounds and values are checked by windowStatesAt here.
  out[0] = extreme(windowStatesAt(values, from, length, requirement, strongRequirement));
  if (!(to <= values.length && out.length >= to - from && allPlainPrices(values, from - length + 1, to))) {
    for (let end = from + 1; end < to; end++) {
      out[end - from] = extreme(windowStatesAt(values, end, length, requirement, strongRequirement));
    }
    return;
  }
  const sizes = splitSizes(length);
  // A split's first value may be the start of a strong rise only if first ≤ last ÷ STRONG_UP:
  // last ÷ STRONG_UP is one division per window, and the comparison is within a few 1e-16 of
  // last ≥ first × STRONG_UP, far inside the 5e-5 gap (likewise for falls).
  const strongUp = 1 + (strongRequirement - 0.01) / 100;
  const strongDown = 1 - (strongRequirement - 0.01) / 100;
  const weakUp = 1 + (requirement - 0.01) / 100;
  const weakDown = 1 - (requirement - 0.01) / 100;
  // Offsets of the 8 splits' first values from the window's end, unrolled below.
  const o0 = sizes[0]! - 1;
  const o1 = sizes[1]! - 1;
  const o2 = sizes[2]! - 1;
  const o3 = sizes[3]! - 1;
  const o4 = sizes[4]! - 1;
  const o5 = sizes[5]! - 1;
  const o6 = sizes[6]! - 1;
  const o7 = sizes[7]! - 1;
  // A candidate's split-state sum lies between `low` and `high` counted from the prices alone: a
  // split surely at ≥ t when its change is ≥ t + 0.01 (first ≤ last ÷ (1 + (t + 0.01) / 100)),
  // surely below t when it is < t − 0.01, likewise downwards. Most candidates are decided there;
  // the rest go to candidateState. Only for 0.01 < r < s < 99.99, where every factor is positive.
  const bounded = requirement > 0.01 && strongRequirement < 99.99;
  const sureStrongUp = 1 / (1 + (strongRequirement + 0.01) / 100);
  const sureStrongDown = 1 / (1 - (strongRequirement + 0.01) / 100);
  const sureWeakUp = 1 / (1 + (requirement + 0.01) / 100);
  const sureWeakDown = 1 / (1 - (requirement + 0.01) / 100);
  const mayStrongUp = 1 / strongUp;
  const mayStrongDown = 1 / strongDown;
  const mayWeakUp = 1 / weakUp;
  const mayWeakDown = 1 / weakDown;
  for (let end = from + 1; end < to; end++) {
    const last = values[end]!;
    const rise = last / strongUp;
    const fall = last / strongDown;
    const f0 = values[end - o0]!;
    const f1 = values[end - o1]!;
    const f2 = values[end - o2]!;
    const f3 = values[end - o3]!;
    const f4 = values[end - o4]!;
    const f5 = values[end - o5]!;
    const f6 = values[end - o6]!;
    const f7 = values[end - o7]!;
    const rising =
      +(f0 <= rise) +
      +(f1 <= rise) +
      +(f2 <= rise) +
      +(f3 <= rise) +
      +(f4 <= rise) +
      +(f5 <= rise) +
      +(f6 <= rise) +
      +(f7 <= rise);
    const falling =
      +(f0 >= fall) +
      +(f1 >= fall) +
      +(f2 >= fall) +
      +(f3 >= fall) +
      +(f4 >= fall) +
      +(f5 >= fall) +
      +(f6 >= fall) +
      +(f7 >= fall);
    let candidate = false;
    if (rising >= 4) {
      // The splits that may be ≥ 1 (B): the sum is at most A + B (A = rising).
      const up = last / weakUp;
      const b =
        +(f0 <= up) +
        +(f1 <= up) +
        +(f2 <= up) +
        +(f3 <= up) +
        +(f4 <= up) +
        +(f5 <= up) +
        +(f6 <= up) +
        +(f7 <= up);
      candidate = rising + b >= 12;
    }
    if (!candidate && falling >= 4) {
      const down = last / weakDown;
      const b =
        +(f0 >= down) +
        +(f1 >= down) +
        +(f2 >= down) +
        +(f3 >= down) +
        +(f4 >= down) +
        +(f5 >= down) +
        +(f6 >= down) +
        +(f7 >= down);
      candidate = falling + b >= 12;
    }
    if (!candidate) {
      out[end - from] = 0;
      continue;
    }
    if (bounded) {
      // low: the sure rises less the possible falls; high: the possible rises less the sure falls.
      // (`last × (1 / K)` is within a few 1e-16 of `last ÷ K`, far inside the 5e-5 gap.)
      const low =
        beyond(f0, f1, f2, f3, f4, f5, f6, f7, last * sureStrongUp, last * mayStrongDown) +
        beyond(f0, f1, f2, f3, f4, f5, f6, f7, last * sureWeakUp, last * mayWeakDown);
      const high =
        beyond(f0, f1, f2, f3, f4, f5, f6, f7, last * mayStrongUp, last * sureStrongDown) +
        beyond(f0, f1, f2, f3, f4, f5, f6, f7, last * mayWeakUp, last * sureWeakDown);
      if (low >= 12 || high <= -12) {
        out[end - from] = low >= 12 ? 2 : -2;
        continue;
      }
      if (high < 12 && low > -12) {
        out[end - from] = 0;
        continue;
      }
    }
    out[end - from] = extreme(candidateState(values, end, length, sizes, requirement, strongRequirement));
  }
}
