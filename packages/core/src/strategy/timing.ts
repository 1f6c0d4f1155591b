import type { Position, PositionAction, PositionActions } from '../positions/types.js';
import type { StrategyConfig } from './config.js';
import { GLOBAL_DECREASE_WAIT_MS, MS_PER_HOUR, MS_PER_MINUTE } from './constants.js';

/**
 * The wait (ms) after the `increasesSoFar`-th increase before the next add: idle × increasesSoFar
 * in incremental mode, idle in fixed mode (docs/strategy.md#settings-and-templates).
 */
export function increaseWaitMs(strategy: StrategyConfig, increasesSoFar: number): number {
  const factor = strategy.increaseIdleMode === 'incremental' ? Math.max(1, increasesSoFar) : 1;
  return Math.round(strategy.increaseIdleDuration * MS_PER_HOUR * factor);
}

/**
 * When an add may next happen (ms), with the current strategy so an edited idle duration applies
 * at once. A position without recorded increases (e.g. opened by a manual trade) counts its open
 * as the one increase so far.
 */
export function increaseIdleEnd(
  position: Pick<Position, 'open' | 'actions'>,
  strategy: StrategyConfig,
): number {
  const { increases } = position.actions;
  const last = increases.at(-1);
  return (last?.eventTime ?? position.open) + increaseWaitMs(strategy, Math.max(1, increases.length));
}

/** When `level` may sell again (ms): its last sell + its frequency; null if it never sold. */
export function levelIdleEnd(
  actions: PositionActions,
  level: number,
  strategy: StrategyConfig,
): number | null {
  const last = actions.decreases[level]?.at(-1);
  const frequency = strategy.decreaseLevels[level]?.frequency;
  if (last === undefined || frequency === undefined) return null;
  return last.eventTime + frequency * MS_PER_MINUTE;
}

/**
 * The global decrease wait's end once `sell` (a level's recorded sell) is added to sells whose wait
 * ended at `end` (null: none yet): the later of the two. `globalDecreaseIdleEnd` folds it over the
 * actions; the backtest's book folds it sell by sell, so it never rescans a long position's sells.
 */
export function laterDecreaseIdleEnd(end: number | null, sell: PositionAction): number {
  const ends = sell.eventTime + GLOBAL_DECREASE_WAIT_MS;
  return end === null || ends > end ? ends : end;
}

/** When any automatic sell may next happen (ms): the last one of any level + 1 minute; null if none. */
export function globalDecreaseIdleEnd(actions: PositionActions): number | null {
  let end: number | null = null;
  for (const list of actions.decreases) for (const action of list) end = laterDecreaseIdleEnd(end, action);
  return end;
}

/**
 * The first time (ms) a strict gate `now > end` lets an action through: `now` when it already
 * does (or there is no wait), else `end + 1`. The planner's times use it, so that a plan whose time
 * is `now` is never held back by a wait (docs/strategy.md#planner).
 */
export function firstTimePast(end: number | null, now: number): number {
  return end === null || now > end ? now : end + 1;
}
