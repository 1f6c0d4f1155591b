import { levelIdleEnd, type PositionActions, type StrategyConfig } from '@balancer/core';

/** Allowance for the 2 dp rounding of the gain that core decides on (0.005) plus float error. */
const GAIN_MARGIN = 0.01;

/**
 * A conservative pre-filter for `decideDecrease`, evaluated per candle in plain numbers: false
 * only when core's answer is certainly 'none' — the gain (±0.01 %) is under level 1's requirement,
 * or every level that could be the active one is still waiting (`levelIdleEnd`, core's own).
 * The driver calls core only when this is true; a test checks that calling core on every eligible
 * candle gives the same trades.
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
  let highest = -1;
  let lowest = -1;
  for (let i = 0; i < levels.length; i++) {
    const requirement = levels[i]!.gainRequirement;
    if (gain + GAIN_MARGIN >= requirement) highest = i;
    if (gain - GAIN_MARGIN >= requirement) lowest = i;
  }
  if (highest < 0) return false;
  for (let level = Math.max(lowest, 0); level <= highest; level++) {
    const end = levelIdleEnd(actions, level, strategy);
    if (end === null || now > end) return true; // strict, as decideDecrease
  }
  return false;
}
