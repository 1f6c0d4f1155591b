import { type Decimal, roundDecimal, toDecimal } from '@balancer/core';

/** The decrease amount has 4 decimals, rounded half down. */
export const DECREASE_AMOUNT_DECIMALS = 4;
export const MIN_DECREASE_PERCENTAGE = 1;
export const MAX_DECREASE_PERCENTAGE = 100;

/** Whether text is a whole-or-decimal percentage from 1 to 100 (the server's rule). */
export function isDecreasePercentage(text: string): boolean {
  if (!/^\d{1,3}(\.\d+)?$/.test(text.trim())) return false;
  const value = toDecimal(text.trim());
  return value.gte(MIN_DECREASE_PERCENTAGE) && value.lte(MAX_DECREASE_PERCENTAGE);
}

/**
 * BTC sold by a decrease of `percentage` %: amount × percentage / 100, rounded to 4
 * decimals half down, in decimals (never floats).
 */
export function decreaseAmount(amount: string, percentage: string | number): Decimal {
  const share = toDecimal(amount).times(toDecimal(percentage)).dividedBy(100);
  return roundDecimal(share, DECREASE_AMOUNT_DECIMALS, 'ROUND_HALF_DOWN');
}
