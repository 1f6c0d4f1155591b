import type { Decimal } from '../numbers/decimal.js';
import { type Fixed, fixedOf } from '../numbers/fixed.js';
import type { Position, PositionActions } from '../positions/types.js';
import type { StrategyConfig } from './config.js';
import { globalDecreaseIdleEnd } from './timing.js';

/**
 * What the increase and decrease decisions read, already checked and exact: `decideIncrease` and
 * `decideDecrease` read it from their strings (`decisionState`), the backtest builds it from its
 * own exact values; both then decide with `increaseOn` / `decreaseOn`, the one implementation of
 * each rule.
 */
export interface DecisionState {
  /** The active position, or null (a closed position counts as none). */
  position: HeldPosition | null;
  /** > 0. */
  price: Fixed;
  freeQuote: Fixed;
  freeBase: Fixed;
  /** Epoch ms. */
  now: number;
  /** A checked strategy (`assertStrategy`). */
  strategy: StrategyConfig;
}

/**
 * Where `increaseOn` / `decreaseOn` leave the exact BTC amount of a decision that buys or sells
 * (null for one that does not), for a caller that trades it without reading the decision's string
 * back (the backtest).
 */
export interface DecidedAmount {
  amountBase: Fixed | null;
}

/** The fields of an active position the decisions read. */
export interface HeldPosition {
  /** Epoch ms of the first buy. */
  open: number;
  /** > 0. */
  entryPrice: Fixed;
  /** BTC held, ≥ 0. */
  amount: Fixed;
  actions: PositionActions;
  /** `globalDecreaseIdleEnd(actions)`: when any automatic sell may next happen (null: none yet). */
  decreaseIdleEnd: number | null;
}

/**
 * The exact state of decision inputs that were read and checked already (`readPrice`,
 * `readBalances`, `activePosition`…): each string read as `fixedOf` reads it, the value its
 * `Decimal` holds.
 */
export function decisionState(
  position: Position | null,
  price: Decimal,
  balances: { quote: Decimal; base: Decimal },
  now: number,
  strategy: StrategyConfig,
): DecisionState {
  return {
    position:
      position === null
        ? null
        : {
            open: position.open,
            entryPrice: fixedOf(position.entryPrice),
            amount: fixedOf(position.amount),
            actions: position.actions,
            decreaseIdleEnd: globalDecreaseIdleEnd(position.actions),
          },
    price: fixedOf(price),
    freeQuote: fixedOf(balances.quote),
    freeBase: fixedOf(balances.base),
    now,
    strategy,
  };
}

/** The last strategy amount read and its exact value (a memo: every decision reads it). */
let memoText = '';
let memoValue: Fixed = fixedOf(0);

/** A checked strategy's increaseAmountQuote, exact. */
export function increaseQuoteOf(strategy: StrategyConfig): Fixed {
  const text = strategy.increaseAmountQuote;
  if (text !== memoText) {
    memoValue = fixedOf(text);
    memoText = text;
  }
  return memoValue;
}
