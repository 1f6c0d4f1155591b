import fc from 'fast-check';
import { EMPTY_ACTIONS } from '../positions/actions.js';
import type { Position, PositionActions } from '../positions/types.js';
import type { StrategyConfig } from '../strategy/config.js';
import { appendDecrease, appendIncrease, copyActions } from '../strategy/record.js';
import { MINUTE } from './random-strategies.js';

// Active positions for the decisions' property tests: opened at 0, then random increases and
// level sells over the following days.

/** What happened to a position, in order: an increase (level −1) or a level's sell, `minutes` after the last. */
export interface PositionPlay {
  level: number;
  minutes: number;
}

export const randomPlays = fc.array(
  fc.record({ level: fc.integer({ min: -1, max: 4 }), minutes: fc.integer({ min: 1, max: 4000 }) }),
  { maxLength: 8 },
);

/** The actions core's recorders make of `plays` under `strategy`. */
export function actionsOfPlays(strategy: StrategyConfig, plays: readonly PositionPlay[]): PositionActions {
  const actions = copyActions(EMPTY_ACTIONS);
  let time = 0;
  plays.forEach(({ level, minutes }, i) => {
    time += minutes * MINUTE;
    if (level < 0) appendIncrease(actions, `t${i}`, time, strategy);
    else appendDecrease(actions, level, `t${i}`, time, strategy);
  });
  return actions;
}

/** An active position opened at 0 holding `amount` at `entryPrice` (the figures decisions do not read are 0). */
export function heldPosition(entryPrice: string, amount: string, actions: PositionActions): Position {
  return {
    open: 0,
    close: null,
    entryPrice,
    amount,
    amountQuote: '0',
    amountQuoteIn: '0',
    amountQuoteOut: '0',
    pnl: '0',
    roi: 0,
    gain: 0,
    decreasePriceLevels: [],
    actions,
  };
}
