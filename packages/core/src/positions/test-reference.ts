import { Decimal, pctChange, roundDecimal } from '../numbers/decimal.js';
import type { StrategyConfig } from '../strategy/config.js';
import { BASE_DECIMALS, MIN_ORDER_BASE, QUOTE_DECIMALS } from '../strategy/constants.js';
import { compareTrades } from './trade-schema.js';
import type { Position, PositionActions, Trade } from './types.js';

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

const round2 = (value: Decimal): Decimal => roundDecimal(value, QUOTE_DECIMALS, 'ROUND_HALF_UP');
const pctOrZero = (base: Decimal, value: Decimal): number => {
  const pct = base.isZero() ? 0 : pctChange(base, value);
  return pct === 0 ? 0 : pct;
};

/**
 * The position of a reference ledger with a first buy at `price`: held 8 dp down, entry and quote
 * figures 2 dp half up, pnl from the rounded figures, roi and gain `pctChange` (0 for a zero base),
 * level prices entry × (1 + gain ÷ 100) 2 dp half up.
 */
export function referencePosition(
  ledger: ReferenceLedger,
  price: string,
  strategy: StrategyConfig,
  actions: PositionActions,
): Position {
  const held = referenceHeld(ledger);
  const entry = referenceEntry(ledger);
  const amountQuote = round2(held.times(price));
  const amountQuoteIn = round2(ledger.quoteIn);
  const amountQuoteOut = round2(ledger.quoteOut);
  const returned = amountQuote.plus(amountQuoteOut);
  return {
    open: ledger.first!.time,
    close: referenceClosed(ledger) ? ledger.last!.time : null,
    entryPrice: entry.toFixed(),
    amount: held.toFixed(),
    amountQuote: amountQuote.toFixed(),
    amountQuoteIn: amountQuoteIn.toFixed(),
    amountQuoteOut: amountQuoteOut.toFixed(),
    pnl: returned.minus(amountQuoteIn).toFixed(),
    roi: pctOrZero(amountQuoteIn, returned),
    gain: pctOrZero(entry, new Decimal(price)),
    decreasePriceLevels: strategy.decreaseLevels.map((level) =>
      round2(entry.times(new Decimal(level.gainRequirement).dividedBy(100).plus(1))).toFixed(),
    ),
    actions,
  };
}
