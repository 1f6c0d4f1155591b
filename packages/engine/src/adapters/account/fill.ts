import { CodedError, Decimal, roundDecimal, toDecimal } from '@balancer/core';
import type { MarketRules } from '../../ports/exchange.js';

/** The account: free balances as decimals by asset. */
export type Ledger = Record<string, Decimal>;

/** A book level a simulated market order can take from; `size` null = unlimited depth. */
export interface FillLevel {
  price: Decimal;
  size: Decimal | null;
}

/** The part of an order filled at one level. */
export interface FillPart {
  price: Decimal;
  amount: Decimal;
  /** amount · price, exact. */
  quote: Decimal;
  /** quote · fee rate, rounded up to 8 dp (in the exchange's favour), charged in quote. */
  commission: Decimal;
}

/** One computed order fill, before it is booked: its parts (one per level) and their totals. */
export interface FillPlan {
  parts: FillPart[];
  amount: Decimal;
  quote: Decimal;
  commission: Decimal;
}

/**
 * Checks `amount` against the LOT_SIZE filter: EXCHANGE_ORDER_INVALID for anything but a positive
 * decimal string, EXCHANGE_ORDER_LOT_SIZE below the minimum or off the step.
 */
export function checkAmount(amountText: string, rules: MarketRules): Decimal {
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
  const step = new Decimal(rules.amountStep);
  if (
    amount.isLessThan(rules.minAmount) ||
    (step.isPositive() && !step.isZero() && !amount.modulo(step).isZero())
  ) {
    throw new CodedError(
      'EXCHANGE_ORDER_LOT_SIZE',
      `amount ${amountText}: minimum ${rules.minAmount}, step ${rules.amountStep}`,
    );
  }
  return amount;
}

/**
 * Walks `levels` (best first) for `amount` and computes the fill, one part per level touched;
 * EXCHANGE_ORDER_BOOK_TOO_THIN when the levels hold less than the amount, and
 * EXCHANGE_ORDER_MIN_NOTIONAL when the total quote value is below the market's minimum. The fee
 * is charged in the quote asset on both sides, as the backtester does: a BUY pays
 * quote + commission, a SELL receives quote − commission.
 */
export function planFill(
  amount: Decimal,
  levels: readonly FillLevel[],
  rules: MarketRules,
  feeRate: Decimal,
): FillPlan {
  const parts: FillPart[] = [];
  let left = amount;
  for (const level of levels) {
    if (left.isZero()) break;
    const take = level.size === null ? left : Decimal.min(left, level.size);
    if (!take.isPositive() || take.isZero()) continue;
    const quote = take.times(level.price);
    parts.push({
      price: level.price,
      amount: take,
      quote,
      commission: roundDecimal(quote.times(feeRate), 8, 'ROUND_UP'),
    });
    left = left.minus(take);
  }
  if (!left.isZero()) {
    throw new CodedError(
      'EXCHANGE_ORDER_BOOK_TOO_THIN',
      `amount ${amount.toFixed()}: the book holds ${amount.minus(left).toFixed()}`,
    );
  }
  const quote = parts.reduce((sum, part) => sum.plus(part.quote), new Decimal(0));
  if (quote.isLessThan(rules.minNotional)) {
    throw new CodedError('EXCHANGE_ORDER_MIN_NOTIONAL', `value ${quote.toFixed()} < ${rules.minNotional}`);
  }
  const commission = parts.reduce((sum, part) => sum.plus(part.commission), new Decimal(0));
  return { parts, amount, quote, commission };
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
