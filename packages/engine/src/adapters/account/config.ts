import { CodedError, type Decimal, type ErrorName, toNonNegativeDecimal } from '@balancer/core';
import type { Ledger } from './fill.js';

/**
 * Starting balances (asset → decimal string ≥ 0) as a ledger; `errorName` (the adapter's config
 * error) names the bad asset. Used when no saved state exists.
 */
export function parseStartBalances(balances: Record<string, string>, errorName: ErrorName): Ledger {
  const ledger: Ledger = {};
  for (const [asset, amount] of Object.entries(balances)) {
    ledger[asset] = configDecimal(amount, `balance ${asset}`, errorName);
  }
  return ledger;
}

/** A fee percentage (default '0.1', below 100) as a fraction: '0.1' → 0.001. */
export function parseFeeRate(feePercent: string | undefined, errorName: ErrorName): Decimal {
  const fee = configDecimal(feePercent ?? '0.1', 'feePercent', errorName);
  if (fee.isGreaterThanOrEqualTo(100)) throw new CodedError(errorName, 'feePercent: must be below 100');
  return fee.dividedBy(100);
}

function configDecimal(value: string, field: string, errorName: ErrorName): Decimal {
  try {
    if (typeof value !== 'string') throw new Error('not a string');
    return toNonNegativeDecimal(value);
  } catch {
    throw new CodedError(errorName, `${field}: ${String(value)} is not a decimal ≥ 0`);
  }
}
