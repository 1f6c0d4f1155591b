import { Decimal, roundDecimal } from '../numbers/decimal.js';
import { MIN_ORDER_BASE, QUOTE_DECIMALS } from '../strategy/constants.js';
import { baseDelta } from './ledger.js';
import { compareTrades, parseTrades } from './trade-schema.js';
import type { Trade } from './types.js';

/*
 * Twin: engine backtest/strategy/fill-ledger.ts keeps these sums as exact scaled integers
 * (`addFill`, `entryPriceOf`, `isFillLedgerClosed`); fill-ledger.test.ts and position-book.test.ts
 * hold them equal (ARCHITECTURE.md, the backtest's twins of core).
 */

/**
 * Running sums over a position's trades (docs/strategy.md#positions), so that a position can grow one fill at
 * a time without re-reading its earlier trades: `addTrades` costs O(new trades), where
 * `computePosition` over the whole list costs O(all trades) per fill. The sums are exact decimal
 * additions and products (bignumber.js never rounds plus, minus or times), so they do not depend
 * on the order the trades come in; only `first` and `last` do, and they are kept as the earliest
 * and the latest trade in replay order (time, then id: `compareTrades`).
 *
 * A ledger is an accumulator, not stored state (it holds Decimals): rebuild it from the trades.
 * It is immutable: adding returns a new ledger.
 */
export interface PositionLedger {
  /** The earliest trade in replay order (the first of equals), or null when empty. */
  readonly first: Trade | null;
  /** The latest trade in replay order (the last of equals), or null when empty. */
  readonly last: Trade | null;
  /** BTC held: Σ baseDelta, unrounded (may be < 0 after an over-sell). */
  readonly amount: Decimal;
  /** Σ amount over buys. */
  readonly boughtBase: Decimal;
  /** Σ price × amount over buys: the numerator of the entry price. */
  readonly boughtCost: Decimal;
  /** Σ quote paid by buys, quote-paid fees included. */
  readonly quoteIn: Decimal;
  /** Σ quote received by sells, quote-paid fees deducted. */
  readonly quoteOut: Decimal;
}

const ZERO = new Decimal(0);
const MIN_BASE = new Decimal(MIN_ORDER_BASE);

/** The ledger of no trades. */
export const EMPTY_POSITION_LEDGER: PositionLedger = Object.freeze({
  first: null,
  last: null,
  amount: ZERO,
  boughtBase: ZERO,
  boughtCost: ZERO,
  quoteIn: ZERO,
  quoteOut: ZERO,
});

/** Adds trades that are already validated and normalised (`parseTrades`), in the order given. */
export function addParsedTrades(ledger: PositionLedger, trades: readonly Trade[]): PositionLedger {
  let { first, last, amount, boughtBase, boughtCost, quoteIn, quoteOut } = ledger;
  for (const trade of trades) {
    if (first === null || compareTrades(trade, first) < 0) first = trade;
    if (last === null || compareTrades(trade, last) >= 0) last = trade;
    const quoteFee = trade.commissionAsset === 'QUOTE' ? trade.commission : '0';
    amount = amount.plus(baseDelta(trade));
    if (trade.side === 'BUY') {
      boughtBase = boughtBase.plus(trade.amount);
      boughtCost = boughtCost.plus(new Decimal(trade.price).times(trade.amount));
      // A quote-paid buy fee is part of what the position cost.
      quoteIn = quoteIn.plus(trade.quoteAmount).plus(quoteFee);
    } else {
      quoteOut = quoteOut.plus(trade.quoteAmount).minus(quoteFee);
    }
  }
  return { first, last, amount, boughtBase, boughtCost, quoteIn, quoteOut };
}

/**
 * The ledger with `trades` added (any order; each is checked like `parseTrades` does and throws
 * INVALID_TRADE naming every bad field). The ledger keeps the normalised copies, never the caller's
 * objects.
 */
export function addTrades(ledger: PositionLedger, trades: readonly Trade[]): PositionLedger {
  return addParsedTrades(ledger, parseTrades(trades));
}

/**
 * Whether the ledger's position is closed (docs/strategy.md#positions): its latest trade is a sell that left
 * less than MIN_ORDER_BASE. `positionFromLedger` gives `close` from this.
 */
export function isLedgerClosed(ledger: PositionLedger): boolean {
  return ledger.last?.side === 'SELL' && ledger.amount.lt(MIN_BASE);
}

/** The last entry price computed, with the sums it came from (see ledgerEntryPrice). */
const memo: { cost: Decimal | null; base: Decimal | null; entry: Decimal } = {
  cost: null,
  base: null,
  entry: ZERO,
};

/**
 * The entry price: Σ price × amount ÷ Σ amount over the buys, 2 dp ROUND_HALF_UP (the figure
 * `positionFromLedger` reports; it changes only when a buy is added). A ledger without a buy has
 * none: INVALID_VALUE (0 ÷ 0).
 */
export function ledgerEntryPrice(ledger: PositionLedger): Decimal {
  const { boughtCost, boughtBase } = ledger;
  // A memo of the last answer: sells keep the very same sums (decimals are immutable), and the
  // 40-digit division is the costliest step of a position.
  if (boughtCost !== memo.cost || boughtBase !== memo.base) {
    memo.entry = roundDecimal(boughtCost.dividedBy(boughtBase), QUOTE_DECIMALS, 'ROUND_HALF_UP');
    memo.cost = boughtCost;
    memo.base = boughtBase;
  }
  return memo.entry;
}
