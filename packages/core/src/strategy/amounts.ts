import { compare, Fixed, fixedOf, minus, quotientDown, roundDown, times } from '../numbers/fixed.js';
import {
  MIN_ORDER_BASE,
  ORDER_BASE_DECIMALS,
  QUOTE_ESTIMATE_DECIMALS,
  WHOLE_POSITION_SHARE,
} from './constants.js';

/*
 * The amount rules on exact scaled integers (`Fixed`: the values and roundings `Decimal` gives),
 * so the live engine's decisions and the backtest's run the same code without reading strings.
 */

const down5 = (value: Fixed): Fixed => roundDown(value, ORDER_BASE_DECIMALS);

/** The constants read once (every decision compares against them). */
const MIN_BASE = fixedOf(MIN_ORDER_BASE);
const WHOLE_SHARE = fixedOf(WHOLE_POSITION_SHARE);
const HUNDRED = new Fixed(100n, 0);

/** Decimals a quotient keeps (the Decimal constructor's DECIMAL_PLACES: 40, half up). */
const QUOTIENT_PLACES = 40;

/**
 * `value × percentage ÷ 100` as `Decimal#dividedBy(100)` gives it (40 decimals, half up), 5 dp
 * down: a product with at most 38 decimals divides by 100 without rounding, so it is shifted by
 * two places instead of divided (the same decimal, without a long division).
 */
function percentOf(value: Fixed, percentage: Fixed): Fixed {
  const product = times(value, percentage);
  return product.scale + 2 <= QUOTIENT_PLACES
    ? down5(new Fixed(product.units, product.scale + 2))
    : quotientDown(product, HUNDRED, ORDER_BASE_DECIMALS);
}

/** What an increase buys, or why it cannot. */
export type IncreaseAmount =
  | { ok: true; amountBase: Fixed; quoteEstimate: Fixed; lowBalance: boolean }
  | { ok: false; reason: 'insufficient-balance' | 'below-minimum' };

/**
 * Increase amount rules (docs/strategy.md#increase): with quote ≥ amountQuote buy amountQuote ÷ price BTC;
 * else spend the whole free quote if it buys ≥ MIN_ORDER_BASE (lowBalance); else none. BTC is
 * rounded DOWN to 5 dp, so the quote estimate (8 dp, DOWN) never exceeds the free quote. An order
 * under MIN_ORDER_BASE is refused ('below-minimum'), never raised: an increase spends at most the
 * configured amount. (price > 0.)
 */
export function increaseAmount(amountQuote: Fixed, freeQuote: Fixed, price: Fixed): IncreaseAmount {
  const lowBalance = compare(freeQuote, amountQuote) < 0;
  const amountBase = quotientDown(lowBalance ? freeQuote : amountQuote, price, ORDER_BASE_DECIMALS);
  if (compare(amountBase, MIN_BASE) < 0) {
    return { ok: false, reason: lowBalance ? 'insufficient-balance' : 'below-minimum' };
  }
  const quoteEstimate = roundDown(times(amountBase, price), QUOTE_ESTIMATE_DECIMALS);
  return { ok: true, amountBase, quoteEstimate, lowBalance };
}

export interface DecreaseAmountInput {
  /** BTC held by the position. */
  positionAmount: Fixed;
  /** Share to sell, 1–100 %. */
  percentage: Fixed;
  price: Fixed;
  freeBase: Fixed;
  increaseAmountQuote: Fixed;
}

/** The BTC a decrease wants before the balance cap, and whether it is the whole position. */
export function desiredDecrease(input: DecreaseAmountInput): { amountBase: Fixed; wholePosition: boolean } {
  const { positionAmount, percentage, price, increaseAmountQuote } = input;
  const whole = { amountBase: down5(positionAmount), wholePosition: true };
  // A position worth ≤ 30 % of one increase is too small to sell in parts.
  if (compare(times(positionAmount, price), times(increaseAmountQuote, WHOLE_SHARE)) <= 0) return whole;
  // A part below the exchange minimum is raised to it: otherwise the first levels of a small
  // position (5 % of 0.001 BTC) could never sell.
  const share = percentOf(positionAmount, percentage);
  const part = compare(share, MIN_BASE) < 0 ? MIN_BASE : share;
  if (compare(minus(positionAmount, part), MIN_BASE) < 0) return whole;
  return { amountBase: part, wholePosition: false };
}

/** What a decrease sells, or why it cannot. */
export type DecreaseAmount =
  | { ok: true; amountBase: Fixed; wholePosition: boolean }
  | { ok: false; reason: 'insufficient-balance' | 'below-minimum' };

/**
 * Decrease amount rules (docs/strategy.md#decrease), shared by levels and manual decreases: the desired
 * amount, capped at the free BTC, rounded DOWN to 5 dp, and refused under MIN_ORDER_BASE.
 */
export function decreaseAmount(input: DecreaseAmountInput): DecreaseAmount {
  const desired = desiredDecrease(input);
  const capped = compare(desired.amountBase, input.freeBase) > 0;
  const amountBase = down5(capped ? input.freeBase : desired.amountBase);
  if (compare(amountBase, MIN_BASE) < 0) {
    return { ok: false, reason: capped ? 'insufficient-balance' : 'below-minimum' };
  }
  return { ok: true, amountBase, wholePosition: desired.wholePosition };
}
