import { z } from 'zod';
import { DECREASE_LEVEL_COUNT } from '../strategy/constants.js';
import { parseWith } from '../validation/parse.js';
import type { PositionAction, PositionActions } from './types.js';

const actionSchema = z.object({
  txID: z.string().min(1),
  eventTime: z.number().int().min(0),
  nextEventTime: z.number().int().min(0).nullable(),
});

/** The schema of PositionActions (the reference `assertPositionActions` must agree with). */
export const positionActionsSchema = z.object({
  increases: z.array(actionSchema),
  decreases: z.array(z.array(actionSchema)).length(DECREASE_LEVEL_COUNT),
});

function isTime(value: unknown): boolean {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function isAction(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { txID, eventTime, nextEventTime } = value as PositionAction;
  return (
    typeof txID === 'string' &&
    txID.length >= 1 &&
    isTime(eventTime) &&
    (nextEventTime === null || isTime(nextEventTime))
  );
}

function isActionList(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i += 1) if (!isAction(value[i])) return false;
  return true;
}

/**
 * True when plain checks show `actions` has the schema's shape. It accepts only what the schema
 * accepts (a test checks it), so the schema runs only for input these checks doubt: the decisions
 * check the actions on every call and the lists grow with every trade of a position.
 */
function plainlyValid(actions: unknown): boolean {
  if (typeof actions !== 'object' || actions === null || Array.isArray(actions)) return false;
  const { increases, decreases } = actions as PositionActions;
  if (!isActionList(increases) || !Array.isArray(decreases)) return false;
  if (decreases.length !== DECREASE_LEVEL_COUNT) return false;
  for (let level = 0; level < DECREASE_LEVEL_COUNT; level += 1) {
    if (!isActionList(decreases[level])) return false;
  }
  return true;
}

/** Checks the shape of position actions; throws INVALID_POSITION_ACTIONS naming the bad fields. */
export function assertPositionActions(actions: unknown): asserts actions is PositionActions {
  if (plainlyValid(actions)) return;
  parseWith(positionActionsSchema, actions, 'INVALID_POSITION_ACTIONS');
}

/** No action yet: the actions of a position nobody has traded for (frozen; record* return copies). */
export const EMPTY_ACTIONS: PositionActions = Object.freeze({
  increases: Object.freeze([]) as unknown as PositionActions['increases'],
  decreases: Object.freeze(
    Array.from({ length: DECREASE_LEVEL_COUNT }, () => Object.freeze([])),
  ) as unknown as PositionActions['decreases'],
});
