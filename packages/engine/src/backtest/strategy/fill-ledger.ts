import {
  BASE_DECIMALS,
  compare,
  compareTrades,
  Decimal,
  Fixed,
  fixedOf,
  fixedText,
  MIN_ORDER_BASE,
  minus,
  type PositionLedger,
  plus,
  QUOTE_DECIMALS,
  quotientHalfUp,
  roundDown,
  type Trade,
  times,
} from '@balancer/core';
import type { FillParts } from '../exchange/backtest-exchange.js';

/**
 * Core's `PositionLedger` sums (position-ledger.ts) kept as exact scaled integers for the
 * backtest's fills: `addFill` adds what core's `addParsedTrades` adds (exact sums, so equal
 * values), and `held`, `entryPrice` and `isClosed` give what core's `ledgerHeldAmount`,
 * `ledgerEntryPrice` (with Decimal's 40 dp division) and `isLedgerClosed` give. `toCoreLedger`
 * hands the same sums to core's `positionFromLedger` when a whole position is needed.
 */
export interface FillLedger {
  readonly first: Trade | null;
  readonly last: Trade | null;
  /** BTC held: Σ base delta (may be < 0 after an over-sell). */
  readonly amount: Fixed;
  readonly boughtBase: Fixed;
  /** Σ price × amount over buys. */
  readonly boughtCost: Fixed;
  /** Σ quote paid by buys, quote fees included. */
  readonly quoteIn: Fixed;
  /** Σ quote received by sells, quote fees deducted. */
  readonly quoteOut: Fixed;
}

const ZERO = new Fixed(0n, 0);
const MIN_BASE = fixedOf(MIN_ORDER_BASE);

/** The sums, in core's names. */
export const LEDGER_SUMS = ['amount', 'boughtBase', 'boughtCost', 'quoteIn', 'quoteOut'] as const;

export const EMPTY_FILL_LEDGER: FillLedger = Object.freeze({
  first: null,
  last: null,
  ...(Object.fromEntries(LEDGER_SUMS.map((sum) => [sum, ZERO])) as Record<
    (typeof LEDGER_SUMS)[number],
    Fixed
  >),
});

/** A trade's amounts read exactly from its strings. */
export function partsOf(trade: Trade): FillParts {
  return {
    price: fixedOf(trade.price),
    amount: fixedOf(trade.amount),
    quoteAmount: fixedOf(trade.quoteAmount),
    commission: fixedOf(trade.commission),
  };
}

/** `addParsedTrades(ledger, [trade])` over exact sums. */
export function addFill(ledger: FillLedger, trade: Trade, parts: FillParts = partsOf(trade)): FillLedger {
  let { first, last, amount, boughtBase, boughtCost, quoteIn, quoteOut } = ledger;
  if (first === null || compareTrades(trade, first) < 0) first = trade;
  if (last === null || compareTrades(trade, last) >= 0) last = trade;
  const quoteFee = trade.commissionAsset === 'QUOTE' ? parts.commission : ZERO;
  const baseFee = trade.commissionAsset === 'BASE' ? parts.commission : ZERO;
  if (trade.side === 'BUY') {
    amount = minus(plus(amount, parts.amount), baseFee);
    boughtBase = plus(boughtBase, parts.amount);
    boughtCost = plus(boughtCost, times(parts.price, parts.amount));
    quoteIn = plus(plus(quoteIn, parts.quoteAmount), quoteFee);
  } else {
    amount = minus(minus(amount, parts.amount), baseFee);
    quoteOut = minus(plus(quoteOut, parts.quoteAmount), quoteFee);
  }
  return { first, last, amount, boughtBase, boughtCost, quoteIn, quoteOut };
}

/** `isLedgerClosed`: the latest trade is a sell that left less than MIN_ORDER_BASE. */
export function isFillLedgerClosed(ledger: FillLedger): boolean {
  return ledger.last?.side === 'SELL' && compare(ledger.amount, MIN_BASE) < 0;
}

/** `ledgerHeldAmount`: max(amount, 0) to BASE_DECIMALS, down. */
export function heldAmountOf(ledger: FillLedger): Fixed {
  return ledger.amount.units > 0n ? roundDown(ledger.amount, BASE_DECIMALS) : ZERO;
}

/** `ledgerHeldAmount(…).toFixed()`. */
export function heldText(ledger: FillLedger): string {
  return fixedText(heldAmountOf(ledger));
}

/** `ledgerEntryPrice` (a ledger with a buy): Σ price × amount ÷ Σ amount, 2 dp half up. */
export function entryPriceOf(ledger: FillLedger): Fixed {
  return quotientHalfUp(ledger.boughtCost, ledger.boughtBase, QUOTE_DECIMALS);
}

/** The same sums as core's ledger of the same trades. */
export function toCoreLedger(ledger: FillLedger): PositionLedger {
  const sums = LEDGER_SUMS.map((sum) => [sum, new Decimal(fixedText(ledger[sum]))]);
  return { first: ledger.first, last: ledger.last, ...Object.fromEntries(sums) } as PositionLedger;
}
