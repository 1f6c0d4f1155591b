import type { Decimal } from '../numbers/decimal.js';
import { pctDecimal } from '../numbers/fast.js';
import type { Position } from '../positions/types.js';
import { increaseAmount } from './amounts.js';
import type { StrategyConfig } from './config.js';
import { assertStrategy, type Balances, readAmount, readBalances, readPrice, readTime } from './inputs.js';
import { activePosition, readPositionPrice } from './position-input.js';
import { increaseIdleEnd } from './timing.js';

/*
 * Twin: engine backtest/strategy/fast-decisions.ts (`FastDecisions.increase`) decides as
 * `decideIncrease` on the backtest's exact integers; fast-decisions.test.ts (property) and
 * driver.test.ts (the real year with core's own decisions) hold them equal (ARCHITECTURE.md, the
 * backtest's twins of core).
 */

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
function addGate(
  position: Position,
  price: Decimal,
  now: number,
  strategy: StrategyConfig,
): IncreaseNoneReason | null {
  // Strict, as the original: an add needs now > the last increase's next event time.
  if (now <= increaseIdleEnd(position, strategy)) return 'idle';
  const requirement = strategy.increaseGainRequirement;
  // The gain is recomputed at this tick's price (2 dp, like Position.gain).
  if (requirement !== 0 && pctDecimal(readPositionPrice(position), price) > requirement)
    return 'gain-requirement';
  return null;
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
  const manual = input.manual === true;
  if (!manual) {
    if (!input.strategy.canIncrease) return { action: 'none', reason: 'disabled' };
    if (input.reversalEvent !== true) return { action: 'none', reason: 'no-reversal-event' };
    const gate = position === null ? null : addGate(position, price, now, input.strategy);
    if (gate !== null) return { action: 'none', reason: gate };
  }
  const amount = increaseAmount(
    readAmount(input.strategy.increaseAmountQuote, 'strategy.increaseAmountQuote'),
    balances.quote,
    price,
  );
  if (!amount.ok) return { action: 'none', reason: amount.reason };
  return {
    action: position === null ? 'open' : 'add',
    amountBase: amount.amountBase.toFixed(),
    quoteEstimate: amount.quoteEstimate.toFixed(),
    lowBalance: amount.lowBalance,
  };
}
