import { CodedError } from '../../errors/coded-error.js';
import { pctNumber } from '../../numbers/fast.js';
import { assertRequirements, changeState, requirementsOf, splitSumState } from '../state-mapping.js';
import type { MarketStateValue, SplitId, SplitState, StateRequirements, WindowState } from '../types.js';
import { SPLIT_IDS } from '../types.js';
import { SPLIT_PERCENTAGE_LIST, splitSize } from './splits.js';

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

function isPrice(value: number | undefined): value is number {
  return typeof value === 'number' && value > 0 && value < Number.POSITIVE_INFINITY;
}

function readPrice(values: ArrayLike<number>, index: number): number {
  const value = values[index];
  if (!isPrice(value))
    throw new CodedError('INVALID_WINDOW_VALUES', `value ${String(value)} at index ${index}`);
  return value;
}

/** Throws INVALID_WINDOW_VALUES unless `values` is a non-empty array of finite prices > 0. O(n). */
export function assertWindowValues(values: ArrayLike<number>): void {
  if (typeof values !== 'object' || values === null || !(values.length >= 1)) {
    throw new CodedError('INVALID_WINDOW_VALUES', 'the window is empty');
  }
  for (let index = 0; index < values.length; index += 1) readPrice(values, index);
}

/**
 * The window state of `values[end − length + 1 … end]`, allocation-free, for hot loops: a
 * backtest keeps one array of closes (or a ring buffer written twice over, so every window is a
 * contiguous slice) and calls this per candle. When `out` is given, the 8 split changes and states
 * are written into it in SPLIT_IDS order.
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
  if (
    typeof values !== 'object' ||
    values === null ||
    !Number.isInteger(length) ||
    !Number.isInteger(end) ||
    length < 1 ||
    end - length + 1 < 0 ||
    end >= values.length
  ) {
    throw new CodedError('INVALID_WINDOW_VALUES', `window of ${length} values ending at index ${end}`);
  }
  assertRequirements(requirement, strongRequirement);
  const last = readPrice(values, end);
  let sum = 0;
  for (let split = 0; split < 8; split += 1) {
    const size = splitSize(length, SPLIT_PERCENTAGE_LIST[split]!);
    const change = pctNumber(readPrice(values, end - size + 1), last) + 0;
    const state = changeState(change, requirement, strongRequirement);
    sum += state;
    if (out) {
      out.changes[split] = change;
      out.states[split] = state;
    }
  }
  return splitSumState(sum);
}

/**
 * The state of one split made of all `values`: change = pct(first, last), 2 dp half up, mapped by
 * the requirements (reference §1.1, "known cases").
 */
export function splitState(values: number[], requirement: number, strongRequirement: number): SplitState {
  assertWindowValues(values);
  assertRequirements(requirement, strongRequirement);
  const change = pctNumber(values[0]!, values[values.length - 1]!) + 0;
  return { state: changeState(change, requirement, strongRequirement), change };
}

/**
 * The window state of `values` (closes, oldest first): the eight splits' changes and states and
 * the overall state from their mean (reference §1.1). Rejects empty arrays, non-finite or
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

/** A window state with every split at 0 % and state 0 (a window not yet full, reference §1.3). */
export function neutralWindowState(): WindowState {
  const splitStates = {} as Record<SplitId, SplitState>;
  for (const id of SPLIT_IDS) splitStates[id] = { state: 0, change: 0 };
  return { state: 0, splitStates };
}
