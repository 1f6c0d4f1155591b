import { CodedError, Decimal, roundDecimal, toDecimal } from '@balancer/core';
import type { MarketRules } from '../../ports/exchange.js';

/** The account: free balances as decimals by asset. */
export type Ledger = Record<string, Decimal>;

/** One computed fill, before it is booked. */
export interface FillPlan {
  price: Decimal;
  amount: Decimal;
  /** amount · price, exact (amount has ≤ 5 dp, price 2 dp). */
  quote: Decimal;
  /** quote · fee rate, rounded up to 8 dp (in the exchange's favour), charged in quote. */
  commission: Decimal;
}

/**
 * Checks `amount` against the LOT_SIZE and NOTIONAL filters at `price` and computes the fill.
 * The fee is charged in the quote asset on both sides, as the backtester does: a BUY pays
 * quote + commission, a SELL receives quote − commission.
 */
export function planFill(amountText: string, price: Decimal, rules: MarketRules, feeRate: Decimal): FillPlan {
  let amount: Decimal;
  try {
    amount = toDecimal(amountText);
  } catch {
    throw new CodedError('EXCHANGE_ORDER_INVALID', `amount ${String(amountText)} is not a decimal`);
  }
  if (typeof amountText !== 'string' || !amount.isPositive() || amount.isZero()) {
    throw new CodedError(
      'EXCHANGE_ORDER_INVALID',
      `amount ${String(amountText)}: expected a positive decimal string`,
    );
  }
  if (amount.isLessThan(rules.minAmount) || !amount.modulo(rules.amountStep).isZero()) {
    throw new CodedError(
      'EXCHANGE_ORDER_LOT_SIZE',
      `amount ${amountText}: minimum ${rules.minAmount}, step ${rules.amountStep}`,
    );
  }
  const quote = amount.times(price);
  if (quote.isLessThan(rules.minNotional)) {
    throw new CodedError('EXCHANGE_ORDER_MIN_NOTIONAL', `value ${quote.toFixed()} < ${rules.minNotional}`);
  }
  const commission = roundDecimal(quote.times(feeRate), 8, 'ROUND_UP');
  return { price, amount, quote, commission };
}

/**
 * Books a fill on the ledger, or throws EXCHANGE_INSUFFICIENT_BALANCE and changes nothing.
 * Invariant: no balance ever goes below zero.
 */
export function bookFill(ledger: Ledger, side: 'BUY' | 'SELL', plan: FillPlan, rules: MarketRules): void {
  const base = ledger[rules.base] ?? new Decimal(0);
  const quote = ledger[rules.quote] ?? new Decimal(0);
  if (side === 'BUY') {
    const cost = plan.quote.plus(plan.commission);
    if (quote.isLessThan(cost)) {
      throw new CodedError(
        'EXCHANGE_INSUFFICIENT_BALANCE',
        `needs ${cost.toFixed()} ${rules.quote}, has ${quote.toFixed()}`,
      );
    }
    ledger[rules.quote] = quote.minus(cost);
    ledger[rules.base] = base.plus(plan.amount);
  } else {
    if (base.isLessThan(plan.amount)) {
      throw new CodedError(
        'EXCHANGE_INSUFFICIENT_BALANCE',
        `needs ${plan.amount.toFixed()} ${rules.base}, has ${base.toFixed()}`,
      );
    }
    ledger[rules.base] = base.minus(plan.amount);
    ledger[rules.quote] = quote.plus(plan.quote).minus(plan.commission);
  }
}
