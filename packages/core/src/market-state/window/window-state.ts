import { CodedError } from '../../errors/coded-error.js';
import { pctNumber } from '../../numbers/fast.js';
import { assertRequirements, changeState, requirementsOf, splitSumState } from '../state-mapping.js';
import type { MarketStateValue, SplitId, SplitState, StateRequirements, WindowState } from '../types.js';
import { SPLIT_IDS } from '../types.js';
import { SPLIT_PERCENTAGE_LIST, splitSize } from './splits.js';
import { assertSlice, assertWindowValues, readPrice } from './values.js';
import { windowStatesAt } from './window-states-at.js';

export { assertWindowValues } from './values.js';
export { splitStateAt, windowStatesAt } from './window-states-at.js';

/*
 * Every change is `pctNumber(…) + 0`: a tiny fall rounds to −0, which JSON would turn into 0;
 * adding 0 reports it as 0 so states round-trip through JSON unchanged.
 */

/** Scratch space for `windowStateAt`: the 8 split changes and states in SPLIT_IDS order. */
export interface SplitBuffer {
  changes: Float64Array;
  states: Int8Array;
}

/** A reusable buffer for `windowStateAt` (allocate once per backtest, not per candle). */
export function createSplitBuffer(): SplitBuffer {
  return { changes: new Float64Array(8), states: new Int8Array(8) };
}

/**
 * The window state of `values[end − length + 1 … end]`, allocation-free, for hot loops: a
 * backtest keeps one array of closes (or a ring buffer written twice over, so every window is a
 * contiguous slice) and calls this per candle. When `out` is given, the 8 split changes and states
 * are written into it in SPLIT_IDS order. Without `out` it is `windowStatesAt` (same state, no
 * changes computed, several times faster).
 *
 * Only the 9 values a window state reads (the first value of each split and the last one) are
 * checked here, so validate the whole series once with `assertWindowValues`. Requirements and
 * bounds are checked on every call (plain comparisons).
 */
export function windowStateAt(
  values: ArrayLike<number>,
  end: number,
  length: number,
  requirement: number,
  strongRequirement: number,
  out?: SplitBuffer,
): MarketStateValue {
  if (out === undefined) return windowStatesAt(values, end, length, requirement, strongRequirement);
  assertSlice(values, end, length);
  assertRequirements(requirement, strongRequirement);
  const last = readPrice(values, end);
  let sum = 0;
  for (let split = 0; split < 8; split += 1) {
    const size = splitSize(length, SPLIT_PERCENTAGE_LIST[split]!);
    const change = pctNumber(readPrice(values, end - size + 1), last) + 0;
    const state = changeState(change, requirement, strongRequirement);
    sum += state;
    out.changes[split] = change;
    out.states[split] = state;
  }
  return splitSumState(sum);
}

/**
 * The state of one split made of all `values`: change = pct(first, last), 2 dp half up, mapped by
 * the requirements (docs/strategy.md#window).
 */
export function splitState(values: number[], requirement: number, strongRequirement: number): SplitState {
  assertWindowValues(values);
  assertRequirements(requirement, strongRequirement);
  const change = pctNumber(values[0]!, values[values.length - 1]!) + 0;
  return { state: changeState(change, requirement, strongRequirement), change };
}

/**
 * The window state of `values` (closes, oldest first): the eight splits' changes and states and
 * the overall state from their mean (docs/strategy.md#window). Rejects empty arrays, non-finite or
 * non-positive values (INVALID_WINDOW_VALUES) and bad requirements (INVALID_STATE_REQUIREMENTS).
 */
export function windowState(values: number[], config: StateRequirements): WindowState {
  const { requirement, strongRequirement } = requirementsOf(config);
  if (!Array.isArray(values)) throw new CodedError('INVALID_WINDOW_VALUES', 'expected an array');
  assertWindowValues(values);
  const length = values.length;
  const last = values[length - 1]!;
  const splitStates = {} as Record<SplitId, SplitState>;
  let sum = 0;
  for (let split = 0; split < 8; split += 1) {
    const change = pctNumber(values[length - splitSize(length, SPLIT_PERCENTAGE_LIST[split]!)]!, last) + 0;
    const state = changeState(change, requirement, strongRequirement);
    sum += state;
    splitStates[SPLIT_IDS[split]!] = { state, change };
  }
  return { state: splitSumState(sum), splitStates };
}

/** A window state with every split at 0 % and state 0 (a window not yet full, docs/strategy.md#coins). */
export function neutralWindowState(): WindowState {
  const splitStates = {} as Record<SplitId, SplitState>;
  for (const id of SPLIT_IDS) splitStates[id] = { state: 0, change: 0 };
  return { state: 0, splitStates };
}
