import {
  Decimal,
  decreaseAmount,
  desiredDecrease,
  fixedOf,
  fixedText,
  ORDER_BASE_DECIMALS,
  roundDecimal,
  toDecimal,
} from '@balancer/core';

export const MIN_DECREASE_PERCENTAGE = 1;
export const MAX_DECREASE_PERCENTAGE = 100;

/** Whether text is a whole-or-decimal percentage from 1 to 100 (the server's rule). */
export function isDecreasePercentage(text: string): boolean {
  if (!/^\d{1,3}(\.\d+)?$/.test(text.trim())) return false;
  const value = toDecimal(text.trim());
  return value.gte(MIN_DECREASE_PERCENTAGE) && value.lte(MAX_DECREASE_PERCENTAGE);
}

/** What the engine's manual decrease is given, as the app knows it (decimal strings). */
export interface DecreasePreviewInput {
  /** The active position's BTC. */
  positionAmount: string;
  percentage: number;
  /** The latest BTC price (essentials). */
  price: string;
  /** Free BTC on the exchange (GET position/balances). */
  freeBase: string;
  /** The strategy's increase amount (GET position/strategy). */
  increaseAmountQuote: string;
}

/** Why the BTC sold is not the plain share of the position. */
export type DecreaseAdjustment = 'raised-to-minimum' | 'whole-position' | 'capped-at-free' | null;

export type DecreasePreview =
  | { ok: true; amountBase: Decimal; sharePercent: Decimal; adjustment: DecreaseAdjustment }
  | { ok: false; reason: 'insufficient-balance' | 'below-minimum' };

/**
 * What a manual decrease will sell, by core's decreaseAmount — the function the engine's order
 * uses — so the dialog shows what is executed: the exchange-minimum raise (a 1 % decrease of a
 * small position sells MIN_ORDER_BASE), the whole position when too small to split, the cap at the
 * free BTC. `sharePercent` is the sold share of the position, 2 dp.
 */
export function decreasePreview(input: DecreasePreviewInput): DecreasePreview {
  const positionAmount = toDecimal(input.positionAmount);
  const amounts = {
    positionAmount: fixedOf(positionAmount),
    percentage: fixedOf(input.percentage),
    price: fixedOf(toDecimal(input.price)),
    freeBase: fixedOf(toDecimal(input.freeBase)),
    increaseAmountQuote: fixedOf(toDecimal(input.increaseAmountQuote)),
  };
  const result = decreaseAmount(amounts);
  if (!result.ok) return result;
  const desired = desiredDecrease(amounts);
  const amountBase = new Decimal(fixedText(result.amountBase));
  const plain = roundDecimal(
    positionAmount.times(input.percentage).dividedBy(100),
    ORDER_BASE_DECIMALS,
    'ROUND_DOWN',
  );
  let adjustment: DecreaseAdjustment = null;
  if (amountBase.lt(fixedText(desired.amountBase))) adjustment = 'capped-at-free';
  else if (desired.wholePosition && input.percentage < 100) adjustment = 'whole-position';
  // Only the raise to MIN_ORDER_BASE sells more than the plain share.
  else if (amountBase.gt(plain)) adjustment = 'raised-to-minimum';
  const sharePercent = positionAmount.gt(0)
    ? roundDecimal(amountBase.times(100).dividedBy(positionAmount), 2, 'ROUND_HALF_UP')
    : new Decimal(0);
  return { ok: true, amountBase, sharePercent, adjustment };
}
