import { z } from 'zod';
import { DECREASE_LEVEL_COUNT } from '../strategy/constants.js';
import { parseWith } from '../validation/parse.js';
import type { PositionActions } from './types.js';

const actionSchema = z.object({
  txID: z.string().min(1),
  eventTime: z.number().int().min(0),
  nextEventTime: z.number().int().min(0).nullable(),
});

const actionsSchema = z.object({
  increases: z.array(actionSchema),
  decreases: z.array(z.array(actionSchema)).length(DECREASE_LEVEL_COUNT),
});

/** Checks the shape of position actions; throws INVALID_POSITION_ACTIONS naming the bad fields. */
export function assertPositionActions(actions: unknown): asserts actions is PositionActions {
  parseWith(actionsSchema, actions, 'INVALID_POSITION_ACTIONS');
}

/** No action yet: the actions of a position nobody has traded for (frozen; record* return copies). */
export const EMPTY_ACTIONS: PositionActions = Object.freeze({
  increases: Object.freeze([]) as unknown as PositionActions['increases'],
  decreases: Object.freeze(
    Array.from({ length: DECREASE_LEVEL_COUNT }, () => Object.freeze([])),
  ) as unknown as PositionActions['decreases'],
});
