import type { PositionActions } from '../positions/types.js';
import type { StrategyConfig } from './config.js';
import { levelIdleEnd } from './timing.js';

/**
 * How far the plain-number gain may be from the one `decreaseOn` decides on: the 2 dp half-up
 * rounding of `pctFixed` (0.005) plus the error of reading the entry price and the price as doubles
 * and of the float arithmetic (about 1e-15 of the gain: under 1e-6 while the gain is under 1e9 %,
 * far above any level's requirement), with room to spare.
 */
export const DECREASE_FILTER_GAIN_MARGIN = 0.01;

/**
 * The decrease rule's cheap pre-filter (docs/backtesting.md, the replay), in plain numbers: false only
 * when `decreaseOn` (so `decideDecrease`) certainly sells nothing on an automatic check at `now` —
 * the gain (±0.01 %) is under every level's requirement, or every level that could be the active one
 * is still waiting (`levelIdleEnd`, strictly, as `decreaseOn`'s gate). `entry` and `price` are the
 * doubles nearest the position's exact entry price and the price. It never says false where core
 * would sell (`decrease-filter.test.ts`, a property over random states and boundaries); the
 * backtest asks core only when it says true.
 */
export function mayDecrease(
  entry: number,
  price: number,
  now: number,
  actions: PositionActions,
  strategy: StrategyConfig,
): boolean {
  const gain = ((price - entry) / entry) * 100;
  const levels = strategy.decreaseLevels;
  // The active level (the highest whose requirement ≤ the exact gain) lies in lowest…highest.
  let highest = -1;
  let lowest = -1;
  for (let i = 0; i < levels.length; i++) {
    const requirement = levels[i]!.gainRequirement;
    if (gain + DECREASE_FILTER_GAIN_MARGIN >= requirement) highest = i;
    if (gain - DECREASE_FILTER_GAIN_MARGIN >= requirement) lowest = i;
  }
  if (highest < 0) return false;
  for (let level = Math.max(lowest, 0); level <= highest; level++) {
    const end = levelIdleEnd(actions, level, strategy);
    if (end === null || now > end) return true; // strict, as decreaseOn's level gate
  }
  return false;
}
