import { CodedError } from '../errors/coded-error.js';
import { assertPositionActions } from '../positions/actions.js';
import type { PositionActions } from '../positions/types.js';
import type { StrategyConfig } from './config.js';
import { MS_PER_MINUTE } from './constants.js';
import { assertStrategy, readTime } from './inputs.js';
import { increaseWaitMs } from './timing.js';

/*
 * Twin: engine backtest/strategy/position-book.ts (`onBuy`, `onSell`) appends the actions
 * `recordIncrease` / `recordDecrease` make, in place; position-book.test.ts ("PositionBook
 * actions", property) holds them equal (ARCHITECTURE.md, the backtest's twins of core).
 */

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
 * New actions with an executed increase recorded at `now`; its nextEventTime is when the next add
 * may happen (now + idle, × the number of increases including this one in incremental mode).
 */
export function recordIncrease(
  actions: PositionActions,
  txID: string,
  now: number,
  strategy: StrategyConfig,
): PositionActions {
  const { eventTime, id } = readRecordInputs(actions, txID, now, strategy);
  const count = actions.increases.length + 1;
  const action = {
    txID: id,
    eventTime,
    nextEventTime: eventTime + increaseWaitMs(strategy, count),
  };
  return { increases: [...actions.increases, action], decreases: actions.decreases.map((list) => [...list]) };
}

/**
 * New actions with an executed sell of `level` (0–4) recorded at `now`; its nextEventTime is when
 * that level may sell again (now + its frequency). A manual sell (level −1) belongs to no level
 * and restarts no wait: the actions come back unchanged (as a copy).
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
  const decreases = actions.decreases.map((list) => [...list]);
  if (level >= 0) {
    const frequency = strategy.decreaseLevels[level]!.frequency;
    decreases[level]!.push({ txID: id, eventTime, nextEventTime: eventTime + frequency * MS_PER_MINUTE });
  }
  return { increases: [...actions.increases], decreases };
}
