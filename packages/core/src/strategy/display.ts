import { CodedError } from '../errors/coded-error.js';
import { Decimal } from '../numbers/decimal.js';
import { readAmount } from './inputs.js';

/**
 * The decrease amount shown to the operator: amount × percentage / 100 with exactly 4 decimals,
 * ROUND_HALF_DOWN. `amount` is BTC (decimal string ≥ 0), `percentage` 0–100.
 */
export function decreaseAmountForDisplay(amount: string, percentage: number): string {
  const base = readAmount(amount, 'amount');
  if (typeof percentage !== 'number' || !Number.isFinite(percentage) || percentage < 0 || percentage > 100) {
    throw new CodedError('INVALID_DECREASE_PERCENTAGE', String(percentage));
  }
  return base.times(new Decimal(percentage)).dividedBy(100).toFixed(4, Decimal.ROUND_HALF_DOWN);
}
