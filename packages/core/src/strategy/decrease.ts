import { CodedError } from '../errors/coded-error.js';
import type { MarketStateValue } from '../market-state/index.js';
import { pctFixed } from '../numbers/fast.js';
import { type Fixed, fixedOf, fixedText } from '../numbers/fixed.js';
import type { Position } from '../positions/types.js';
import { decreaseAmount } from './amounts.js';
import type { StrategyConfig } from './config.js';
import {
  type DecidedAmount,
  type DecisionState,
  decisionState,
  type HeldPosition,
  increaseQuoteOf,
} from './decision-state.js';
import {
  assertStrategy,
  type Balances,
  readBalances,
  readMarketState,
  readPrice,
  readTime,
} from './inputs.js';
import { activePosition } from './position-input.js';
import { levelIdleEnd } from './timing.js';

/**
 * Why no decrease: 'disabled' (canDecrease off), 'no-position', 'window-state' (not 2),
 * 'gain-requirement' (gain under level 1), 'level-idle' (the active level's wait has not passed),
 * 'global-idle' (< 1 minute since the last automatic sell), 'insufficient-balance' (the free BTC
 * is under MIN_ORDER_BASE), 'below-minimum' (the position holds less than MIN_ORDER_BASE).
 */
export type DecreaseNoneReason =
  | 'disabled'
  | 'no-position'
  | 'window-state'
  | 'gain-requirement'
  | 'level-idle'
  | 'global-idle'
  | 'insufficient-balance'
  | 'below-minimum';

/** What to sell: level 0–4 for a level's sell, −1 for a manual one; BTC 5 dp. */
export type DecreaseDecision =
  | { action: 'decrease'; level: number; amountBase: string; wholePosition: boolean }
  | { action: 'none'; reason: string };

export interface DecreaseInput {
  position: Position | null;
  windowState: MarketStateValue;
  price: string;
  balances: Balances;
  now: number;
  strategy: StrategyConfig;
  /** An operator's decrease of this % (1–100): no gate, only the amount rules. */
  manualPercentage?: number;
}

/** The highest level whose gain requirement ≤ gain, or −1 below level 1. */
export function activeLevel(gain: number, strategy: StrategyConfig): number {
  const levels = strategy.decreaseLevels;
  let active = -1;
  // A plain loop: every decrease check of a backtest asks it (a forEach closure costs ~3×).
  for (let i = 0; i < levels.length; i++) if (gain >= levels[i]!.gainRequirement) active = i;
  return active;
}

function readManualPercentage(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1 || value > 100) {
    throw new CodedError('INVALID_DECREASE_PERCENTAGE', String(value));
  }
  return value;
}

/** The gate an automatic sell at `level` must pass at `now`, or null. */
function levelGate(
  position: HeldPosition,
  level: number,
  now: number,
  strategy: StrategyConfig,
): DecreaseNoneReason | null {
  // Strict, as the original: a sell needs now > the level's next time and now > last sell + 1 min.
  const levelEnd = levelIdleEnd(position.actions, level, strategy);
  if (levelEnd !== null && now <= levelEnd) return 'level-idle';
  const globalEnd = position.decreaseIdleEnd;
  if (globalEnd !== null && now <= globalEnd) return 'global-idle';
  return null;
}

/**
 * Decides a decrease on a checked, exact state (docs/strategy.md#decrease): `decideDecrease` after
 * reading its input, and the backtest's decisions on its own state. `manualPercentage` (1–100,
 * checked) for an operator's decrease, else null; `decided` receives the exact amount sold.
 */
export function decreaseOn(
  state: DecisionState,
  windowState: MarketStateValue,
  manualPercentage: number | null,
  decided?: DecidedAmount,
): DecreaseDecision {
  if (decided !== undefined) decided.amountBase = null;
  const { strategy, position, price } = state;
  const manual = manualPercentage !== null;
  if (!manual && !strategy.canDecrease) return { action: 'none', reason: 'disabled' };
  if (position === null) return { action: 'none', reason: 'no-position' };
  let level = -1;
  let percentage: Fixed;
  if (manual) percentage = fixedOf(manualPercentage);
  else {
    if (windowState !== 2) return { action: 'none', reason: 'window-state' };
    level = activeLevel(pctFixed(position.entryPrice, price), strategy);
    if (level < 0) return { action: 'none', reason: 'gain-requirement' };
    const gate = levelGate(position, level, state.now, strategy);
    if (gate !== null) return { action: 'none', reason: gate };
    percentage = fixedOf(strategy.decreaseLevels[level]!.percentage);
  }
  const amount = decreaseAmount({
    positionAmount: position.amount,
    percentage,
    price,
    freeBase: state.freeBase,
    increaseAmountQuote: increaseQuoteOf(strategy),
  });
  if (!amount.ok) return { action: 'none', reason: amount.reason };
  if (decided !== undefined) decided.amountBase = amount.amountBase;
  return {
    action: 'decrease',
    level,
    amountBase: fixedText(amount.amountBase),
    wholePosition: amount.wholePosition,
  };
}

/**
 * Decides a decrease (docs/strategy.md#decrease). Automatic, each tick: needs canDecrease, an active
 * position and window state 2; sells the active level's % when that level never sold or its
 * frequency has passed since its last sell (strictly: now > last + frequency), and more than 1 minute
 * passed since the last automatic sell.
 * Manual (`manualPercentage`): only an active position is needed. Both use `decreaseAmount`.
 */
export function decideDecrease(input: DecreaseInput): DecreaseDecision {
  const price = readPrice(input.price);
  const balances = readBalances(input.balances);
  const now = readTime(input.now);
  const windowState = readMarketState(input.windowState);
  assertStrategy(input.strategy);
  const manual = input.manualPercentage !== undefined ? readManualPercentage(input.manualPercentage) : null;
  const position = activePosition(input.position);
  return decreaseOn(decisionState(position, price, balances, now, input.strategy), windowState, manual);
}
