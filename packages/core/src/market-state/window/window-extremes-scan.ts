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
 * - window state 2 needs a split-state sum ≥ 12 over 8 splits of states ≤ 2, so with A splits
 *   that may be at 2 and B (⊇ A) that may be ≥ 1 the sum is at most A + B: below 12, not 2
 *   (likewise −2);
 * - a split is at 2 only if its change rounded to 2 dp is ≥ s, so its exact change is
 *   ≥ s − 0.005 %, i.e. last ≥ first × (1 + (s − 0.005) / 100). `last < first × UP` with
 *   UP = 1 + (s − 0.01) / 100 in doubles (relative error a few 1e-16, against a 5e-5 gap) rules
 *   it out; an overflow to Infinity means last / first < UP as well. The same for ≥ 1 with the
 *   requirement r, and for −2 and ≤ −1 below first × (1 − (s − 0.01) / 100) and so on.
 * The windows not ruled out (≈ 17 % on the Binance year, half of them really ±2) get the low/high
 * bounds of window-states-at.ts, and `windowStatesAt` itself when those disagree, so every answer
 * is the one `windowStatesAt` gives.
 */

/** True when every value of values[from … to) is a comfortable price (finite, > TINY_PRICE). */
function allPlainPrices(values: Float64Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const value = values[i]!;
    if (!(value > TINY_PRICE && value < Number.POSITIVE_INFINITY)) return false;
  }
  return true;
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
  const strongUp = 1 + (strongRequirement - 0.01) / 100;
  const up = 1 + (requirement - 0.01) / 100;
  const down = 1 - (requirement - 0.01) / 100;
  const strongDown = 1 - (strongRequirement - 0.01) / 100;
  for (let end = from + 1; end < to; end++) {
    const last = values[end]!;
    let rising = 0;
    let falling = 0;
    for (let split = 0; split < 8; split++) {
      const first = values[end - sizes[split]! + 1]!;
      rising += +(last >= first * strongUp) + +(last >= first * up);
      falling += +(last <= first * strongDown) + +(last <= first * down);
    }
    out[end - from] =
      rising < 12 && falling < 12
        ? 0
        : extreme(candidateState(values, end, length, sizes, requirement, strongRequirement));
  }
}
