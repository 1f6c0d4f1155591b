import { pctFixed } from '../numbers/fast.js';
import { fixedText } from '../numbers/fixed.js';
import type { Position } from '../positions/types.js';
import { increaseAmount } from './amounts.js';
import type { StrategyConfig } from './config.js';
import {
  type DecidedAmount,
  type DecisionState,
  decisionState,
  type HeldPosition,
  increaseQuoteOf,
} from './decision-state.js';
import { assertStrategy, type Balances, readBalances, readPrice, readTime } from './inputs.js';
import { activePosition } from './position-input.js';
import { increaseIdleEnd } from './timing.js';

/**
 * Why no increase: 'disabled' (canIncrease off), 'no-reversal-event', 'idle' (the last increase's
 * wait has not passed), 'gain-requirement' (the price is not far enough under the entry),
 * 'insufficient-balance' (the free quote buys less than MIN_ORDER_BASE), 'below-minimum' (the
 * configured amount buys less than MIN_ORDER_BASE at this price).
 */
export type IncreaseNoneReason =
  | 'disabled'
  | 'no-reversal-event'
  | 'idle'
  | 'gain-requirement'
  | 'insufficient-balance'
  | 'below-minimum';

/** What to buy: amounts are decimal strings (BTC 5 dp, quote estimate 8 dp). */
export type IncreaseDecision =
  | { action: 'open' | 'add'; amountBase: string; quoteEstimate: string; lowBalance: boolean }
  | { action: 'none'; reason: string };

export interface IncreaseInput {
  /** The active position, or null (a closed position counts as none). */
  position: Position | null;
  /** True on the tick a new reversal event fired. */
  reversalEvent: boolean;
  price: string;
  balances: Balances;
  now: number;
  strategy: StrategyConfig;
  /** An operator's increase: no gate applies, only the amount rules. */
  manual?: boolean;
}

/** The gate an automatic add must pass, or null when it may buy. */
function addGate(position: HeldPosition, state: DecisionState): IncreaseNoneReason | null {
  const { strategy } = state;
  // Strict, as the original: an add needs now > the last increase's next event time.
  if (state.now <= increaseIdleEnd(position, strategy)) return 'idle';
  const requirement = strategy.increaseGainRequirement;
  // The gain is recomputed at this tick's price (2 dp, like Position.gain).
  if (requirement !== 0 && pctFixed(position.entryPrice, state.price) > requirement)
    return 'gain-requirement';
  return null;
}

/**
 * Decides an increase on a checked, exact state (docs/strategy.md#increase): `decideIncrease`
 * after reading its input, and the backtest's decisions on its own state; `decided` receives the
 * exact amount bought.
 */
export function increaseOn(
  state: DecisionState,
  reversalEvent: boolean,
  manual: boolean,
  decided?: DecidedAmount,
): IncreaseDecision {
  if (decided !== undefined) decided.amountBase = null;
  const { position, strategy } = state;
  if (!manual) {
    if (!strategy.canIncrease) return { action: 'none', reason: 'disabled' };
    if (reversalEvent !== true) return { action: 'none', reason: 'no-reversal-event' };
    const gate = position === null ? null : addGate(position, state);
    if (gate !== null) return { action: 'none', reason: gate };
  }
  const amount = increaseAmount(increaseQuoteOf(strategy), state.freeQuote, state.price);
  if (!amount.ok) return { action: 'none', reason: amount.reason };
  if (decided !== undefined) decided.amountBase = amount.amountBase;
  return {
    action: position === null ? 'open' : 'add',
    amountBase: fixedText(amount.amountBase),
    quoteEstimate: fixedText(amount.quoteEstimate),
    lowBalance: amount.lowBalance,
  };
}

/**
 * Decides an increase (docs/strategy.md#increase). Automatic: only on a new reversal event and with
 * canIncrease; opens when no position is active; adds when the last increase's idle time has
 * passed and (the gain requirement is 0 or gain ≤ requirement). Manual: no gate. Both use the
 * amount rules of `increaseAmount`. Throws INVALID_STRATEGY_INPUT / INVALID_STRATEGY_CONFIG on
 * malformed input.
 */
export function decideIncrease(input: IncreaseInput): IncreaseDecision {
  const price = readPrice(input.price);
  const balances = readBalances(input.balances);
  const now = readTime(input.now);
  assertStrategy(input.strategy);
  const position = activePosition(input.position);
  const state = decisionState(position, price, balances, now, input.strategy);
  return increaseOn(state, input.reversalEvent, input.manual === true);
}
