import { Decimal, roundDecimal } from '../numbers/decimal.js';
import {
  MIN_ORDER_BASE,
  ORDER_BASE_DECIMALS,
  QUOTE_ESTIMATE_DECIMALS,
  WHOLE_POSITION_SHARE,
} from './constants.js';

/*
 * Twin: engine backtest/strategy/fast-decisions.ts computes `desiredDecrease`, `decreaseAmount` and
 * `increaseAmount` on the backtest's exact integers; fast-decisions.test.ts (property) and
 * driver.test.ts hold them equal (ARCHITECTURE.md, the backtest's twins of core).
 */

const down5 = (value: Decimal): Decimal => roundDecimal(value, ORDER_BASE_DECIMALS, 'ROUND_DOWN');

/** The constants read once as decimals (every decision compares against them). */
const MIN_BASE = new Decimal(MIN_ORDER_BASE);
const WHOLE_SHARE = new Decimal(WHOLE_POSITION_SHARE);

/** Decimals a quotient keeps (the Decimal constructor's DECIMAL_PLACES: 40, half up). */
const QUOTIENT_PLACES = 40;

/**
 * `value × percentage ÷ 100` exactly as `dividedBy(100)` gives it (40 decimals, half up): a
 * product with at most 38 decimals divides by 100 without rounding, so it is shifted by two
 * places instead of divided (the same decimal, without a long division).
 */
function percentOf(value: Decimal, percentage: number): Decimal {
  const product = value.times(percentage);
  return (product.decimalPlaces() ?? 0) <= QUOTIENT_PLACES - 2
    ? product.shiftedBy(-2)
    : product.dividedBy(100);
}

/** What an increase buys, or why it cannot. */
export type IncreaseAmount =
  | { ok: true; amountBase: Decimal; quoteEstimate: Decimal; lowBalance: boolean }
  | { ok: false; reason: 'insufficient-balance' | 'below-minimum' };

/**
 * Increase amount rules (docs/strategy.md#increase): with quote ≥ amountQuote buy amountQuote ÷ price BTC;
 * else spend the whole free quote if it buys ≥ MIN_ORDER_BASE (lowBalance); else none. BTC is
 * rounded DOWN to 5 dp, so the quote estimate (8 dp, DOWN) never exceeds the free quote. An order
 * under MIN_ORDER_BASE is refused ('below-minimum'), never raised: an increase spends at most the
 * configured amount.
 */
export function increaseAmount(amountQuote: Decimal, freeQuote: Decimal, price: Decimal): IncreaseAmount {
  const lowBalance = freeQuote.lt(amountQuote);
  const amountBase = down5((lowBalance ? freeQuote : amountQuote).dividedBy(price));
  if (amountBase.lt(MIN_BASE)) {
    return { ok: false, reason: lowBalance ? 'insufficient-balance' : 'below-minimum' };
  }
  const quoteEstimate = roundDecimal(amountBase.times(price), QUOTE_ESTIMATE_DECIMALS, 'ROUND_DOWN');
  return { ok: true, amountBase, quoteEstimate, lowBalance };
}

export interface DecreaseAmountInput {
  /** BTC held by the position. */
  positionAmount: Decimal;
  /** Share to sell, 1–100 %. */
  percentage: number;
  price: Decimal;
  freeBase: Decimal;
  increaseAmountQuote: Decimal;
}

/** The BTC a decrease wants before the balance cap, and whether it is the whole position. */
export function desiredDecrease(input: DecreaseAmountInput): { amountBase: Decimal; wholePosition: boolean } {
  const { positionAmount, percentage, price, increaseAmountQuote } = input;
  const whole = { amountBase: down5(positionAmount), wholePosition: true };
  // A position worth ≤ 30 % of one increase is too small to sell in parts.
  if (positionAmount.times(price).lte(increaseAmountQuote.times(WHOLE_SHARE))) return whole;
  // A part below the exchange minimum is raised to it: otherwise the first levels of a small
  // position (5 % of 0.001 BTC) could never sell.
  const part = Decimal.max(down5(percentOf(positionAmount, percentage)), MIN_BASE);
  if (positionAmount.minus(part).lt(MIN_BASE)) return whole;
  return { amountBase: part, wholePosition: false };
}

/** What a decrease sells, or why it cannot. */
export type DecreaseAmount =
  | { ok: true; amountBase: Decimal; wholePosition: boolean }
  | { ok: false; reason: 'insufficient-balance' | 'below-minimum' };

/**
 * Decrease amount rules (docs/strategy.md#decrease), shared by levels and manual decreases: the desired
 * amount, capped at the free BTC, rounded DOWN to 5 dp, and refused under MIN_ORDER_BASE.
 */
export function decreaseAmount(input: DecreaseAmountInput): DecreaseAmount {
  const desired = desiredDecrease(input);
  const capped = desired.amountBase.gt(input.freeBase);
  const amountBase = down5(capped ? input.freeBase : desired.amountBase);
  if (amountBase.lt(MIN_BASE)) {
    return { ok: false, reason: capped ? 'insufficient-balance' : 'below-minimum' };
  }
  return { ok: true, amountBase, wholePosition: desired.wholePosition };
}
