import { Decimal, roundDecimal } from '../numbers/decimal.js';
import { BASE_DECIMALS, MIN_ORDER_BASE, QUOTE_DECIMALS } from '../strategy/constants.js';
import { compareTrades } from './trade-schema.js';
import type { Trade } from './types.js';

/*
 * Plain decimal references of core's position rules, for property tests only: each is the rule
 * written the obvious way on bignumber.js, without memos, scaled integers or fast paths. Core's
 * own implementation (position-ledger.ts, compute.ts) must give the same answers.
 */

/** The ledger's sums as plain decimals. */
export interface ReferenceLedger {
  first: Trade | null;
  last: Trade | null;
  amount: Decimal;
  boughtBase: Decimal;
  boughtCost: Decimal;
  quoteIn: Decimal;
  quoteOut: Decimal;
}

const ZERO = new Decimal(0);

export const EMPTY_REFERENCE_LEDGER: ReferenceLedger = {
  first: null,
  last: null,
  amount: ZERO,
  boughtBase: ZERO,
  boughtCost: ZERO,
  quoteIn: ZERO,
  quoteOut: ZERO,
};

/** Adds a validated trade: BTC ± amount (− a BTC fee), buys' cost, quote in (+ fee) and out (− fee). */
export function referenceAdd(ledger: ReferenceLedger, trade: Trade): ReferenceLedger {
  const first = ledger.first === null || compareTrades(trade, ledger.first) < 0 ? trade : ledger.first;
  const last = ledger.last === null || compareTrades(trade, ledger.last) >= 0 ? trade : ledger.last;
  const quoteFee = trade.commissionAsset === 'QUOTE' ? trade.commission : '0';
  const baseFee = trade.commissionAsset === 'BASE' ? trade.commission : '0';
  const buy = trade.side === 'BUY';
  return {
    first,
    last,
    amount: (buy ? ledger.amount.plus(trade.amount) : ledger.amount.minus(trade.amount)).minus(baseFee),
    boughtBase: buy ? ledger.boughtBase.plus(trade.amount) : ledger.boughtBase,
    boughtCost: buy
      ? ledger.boughtCost.plus(new Decimal(trade.price).times(trade.amount))
      : ledger.boughtCost,
    quoteIn: buy ? ledger.quoteIn.plus(trade.quoteAmount).plus(quoteFee) : ledger.quoteIn,
    quoteOut: buy ? ledger.quoteOut : ledger.quoteOut.plus(trade.quoteAmount).minus(quoteFee),
  };
}

/** Closed: the latest trade is a sell that left less than MIN_ORDER_BASE. */
export function referenceClosed(ledger: ReferenceLedger): boolean {
  return ledger.last?.side === 'SELL' && ledger.amount.lt(MIN_ORDER_BASE);
}

/** BTC held: max(amount, 0), 8 dp down. */
export function referenceHeld(ledger: ReferenceLedger): Decimal {
  return roundDecimal(Decimal.max(ledger.amount, 0), BASE_DECIMALS, 'ROUND_DOWN');
}

/** Entry price: Σ price × amount ÷ Σ amount over buys, 2 dp half up. */
export function referenceEntry(ledger: ReferenceLedger): Decimal {
  return roundDecimal(ledger.boughtCost.dividedBy(ledger.boughtBase), QUOTE_DECIMALS, 'ROUND_HALF_UP');
}
