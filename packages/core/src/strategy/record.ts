import { CodedError } from '../errors/coded-error.js';
import { assertPositionActions } from '../positions/actions.js';
import type { PositionAction, PositionActions } from '../positions/types.js';
import type { StrategyConfig } from './config.js';
import { MS_PER_MINUTE } from './constants.js';
import { assertStrategy, readTime } from './inputs.js';
import { increaseWaitMs } from './timing.js';

function readTxID(txID: unknown): string {
  if (typeof txID !== 'string' || txID.length === 0) {
    throw new CodedError('INVALID_STRATEGY_INPUT', 'txID must be a non-empty string');
  }
  return txID;
}

/** The checks both recorders make: the actions, the strategy, the time and the transaction id. */
function readRecordInputs(
  actions: PositionActions,
  txID: unknown,
  now: number,
  strategy: StrategyConfig,
): { eventTime: number; id: string } {
  assertPositionActions(actions);
  assertStrategy(strategy);
  const eventTime = readTime(now);
  return { eventTime, id: readTxID(txID) };
}

/**
 * Records an executed increase at `now` in `actions`, in place: its nextEventTime is when the next
 * add may happen (now + idle, × the number of increases including this one in incremental mode).
 * For actions the caller owns and has checked (the backtest's position book appends every fill
 * to its own); `recordIncrease` is the checked, copying form.
 */
export function appendIncrease(
  actions: PositionActions,
  txID: string,
  now: number,
  strategy: StrategyConfig,
): void {
  const count = actions.increases.length + 1;
  actions.increases.push({ txID, eventTime: now, nextEventTime: now + increaseWaitMs(strategy, count) });
}

/**
 * Records an executed sell of `level` (0–4) at `now` in `actions`, in place: its nextEventTime is
 * when that level may sell again (now + its frequency). A sell of no level (−1, manual) restarts
 * no wait and records nothing. Unchecked, like `appendIncrease`; `recordDecrease` checks and copies.
 * Gives the recorded action (null for none).
 */
export function appendDecrease(
  actions: PositionActions,
  level: number,
  txID: string,
  now: number,
  strategy: StrategyConfig,
): PositionAction | null {
  if (level < 0) return null;
  const frequency = strategy.decreaseLevels[level]!.frequency;
  const action = { txID, eventTime: now, nextEventTime: now + frequency * MS_PER_MINUTE };
  actions.decreases[level]!.push(action);
  return action;
}

/** Actions of the caller's own, copied from `actions` (appendIncrease / appendDecrease add to them). */
export function copyActions(actions: PositionActions): PositionActions {
  return { increases: [...actions.increases], decreases: actions.decreases.map((list) => [...list]) };
}

/** New actions with an executed increase recorded at `now` (`appendIncrease` on a checked copy). */
export function recordIncrease(
  actions: PositionActions,
  txID: string,
  now: number,
  strategy: StrategyConfig,
): PositionActions {
  const { eventTime, id } = readRecordInputs(actions, txID, now, strategy);
  const recorded = copyActions(actions);
  appendIncrease(recorded, id, eventTime, strategy);
  return recorded;
}

/**
 * New actions with an executed sell of `level` (0–4, or −1 for a manual sell) recorded at `now`
 * (`appendDecrease` on a checked copy: a manual sell gives an unchanged copy).
 */
export function recordDecrease(
  actions: PositionActions,
  level: number,
  txID: string,
  now: number,
  strategy: StrategyConfig,
): PositionActions {
  const { eventTime, id } = readRecordInputs(actions, txID, now, strategy);
  if (!Number.isInteger(level) || level < -1 || level > 4)
    throw new CodedError('INVALID_DECREASE_LEVEL', String(level));
  const recorded = copyActions(actions);
  appendDecrease(recorded, level, id, eventTime, strategy);
  return recorded;
}
