import { CodedError } from '../errors/coded-error.js';
import { compare, Fixed, fixedOf, minus, plus, quotientHalfUp, roundDown, times } from '../numbers/fixed.js';
import { BASE_DECIMALS, MIN_ORDER_BASE, QUOTE_DECIMALS } from '../strategy/constants.js';
import { heldChange } from './ledger.js';
import { compareTrades, parseTrades } from './trade-schema.js';
import type { Trade } from './types.js';

/**
 * Running sums over a position's trades (docs/strategy.md#positions), so that a position can grow one fill at
 * a time without re-reading its earlier trades: `addTrades` costs O(new trades), where
 * `computePosition` over the whole list costs O(all trades) per fill. The sums are exact scaled
 * integers (`Fixed`: exact additions and products, the values bignumber.js gives), so they do not
 * depend on the order the trades come in; only `first` and `last` do, and they are kept as the
 * earliest and the latest trade in replay order (time, then id: `compareTrades`). The live
 * engine's positions and the backtest's position book both keep their positions in these.
 *
 * A ledger is an accumulator, not stored state: rebuild it from the trades. It is immutable:
 * adding returns a new ledger.
 */
export interface PositionLedger {
  /** The earliest trade in replay order (the first of equals), or null when empty. */
  readonly first: Trade | null;
  /** The latest trade in replay order (the last of equals), or null when empty. */
  readonly last: Trade | null;
  /** BTC held: Σ baseDelta, unrounded (may be < 0 after an over-sell). */
  readonly amount: Fixed;
  /** Σ amount over buys. */
  readonly boughtBase: Fixed;
  /** Σ price × amount over buys: the numerator of the entry price. */
  readonly boughtCost: Fixed;
  /** Σ quote paid by buys, quote-paid fees included. */
  readonly quoteIn: Fixed;
  /** Σ quote received by sells, quote-paid fees deducted. */
  readonly quoteOut: Fixed;
}

/** A trade's decimal strings read exactly (what the ledger adds; the backtest exchange has them). */
export interface TradeAmounts {
  readonly price: Fixed;
  readonly amount: Fixed;
  readonly quoteAmount: Fixed;
  readonly commission: Fixed;
}

const ZERO = new Fixed(0n, 0);
const MIN_BASE = fixedOf(MIN_ORDER_BASE);

/** The sums, by name. */
export const LEDGER_SUMS = ['amount', 'boughtBase', 'boughtCost', 'quoteIn', 'quoteOut'] as const;

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

/** A validated trade's amounts, read exactly from its strings. */
export function tradeAmounts(trade: Trade): TradeAmounts {
  return {
    price: fixedOf(trade.price),
    amount: fixedOf(trade.amount),
    quoteAmount: fixedOf(trade.quoteAmount),
    commission: fixedOf(trade.commission),
  };
}

/**
 * Adds one trade that is already validated and normalised (`parseTrades`); `amounts` are its
 * strings read exactly, when the caller has them (the backtest exchange makes the fill from them).
 * BTC held changes by `heldChange` (ledger.ts).
 */
export function addParsedTrade(
  ledger: PositionLedger,
  trade: Trade,
  amounts: TradeAmounts = tradeAmounts(trade),
): PositionLedger {
  let { first, last, amount, boughtBase, boughtCost, quoteIn, quoteOut } = ledger;
  if (first === null || compareTrades(trade, first) < 0) first = trade;
  if (last === null || compareTrades(trade, last) >= 0) last = trade;
  const quoteFee = trade.commissionAsset === 'QUOTE' ? amounts.commission : ZERO;
  amount = plus(amount, heldChange(trade, amounts.amount, amounts.commission));
  if (trade.side === 'BUY') {
    boughtBase = plus(boughtBase, amounts.amount);
    boughtCost = plus(boughtCost, times(amounts.price, amounts.amount));
    // A quote-paid buy fee is part of what the position cost.
    quoteIn = plus(plus(quoteIn, amounts.quoteAmount), quoteFee);
  } else {
    quoteOut = minus(plus(quoteOut, amounts.quoteAmount), quoteFee);
  }
  return { first, last, amount, boughtBase, boughtCost, quoteIn, quoteOut };
}

/** Adds trades that are already validated and normalised (`parseTrades`), in the order given. */
export function addParsedTrades(ledger: PositionLedger, trades: readonly Trade[]): PositionLedger {
  let sums = ledger;
  for (const trade of trades) sums = addParsedTrade(sums, trade);
  return sums;
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
  return ledger.last?.side === 'SELL' && compare(ledger.amount, MIN_BASE) < 0;
}

/** The BTC a ledger's position holds: its net amount, at least 0, 8 dp rounded down. */
export function ledgerHeldAmount(ledger: PositionLedger): Fixed {
  return ledger.amount.units > 0n ? roundDown(ledger.amount, BASE_DECIMALS) : ZERO;
}

/** The last entry price computed, with the sums it came from (see ledgerEntryPrice). */
const memo: { cost: Fixed | null; base: Fixed | null; entry: Fixed } = {
  cost: null,
  base: null,
  entry: ZERO,
};

/**
 * The entry price: Σ price × amount ÷ Σ amount over the buys (Decimal's 40 dp quotient), 2 dp
 * ROUND_HALF_UP (the figure `positionFromLedger` reports; it changes only when a buy is added). A
 * ledger without a buy has none: INVALID_VALUE (0 ÷ 0).
 */
export function ledgerEntryPrice(ledger: PositionLedger): Fixed {
  const { boughtCost, boughtBase } = ledger;
  // A memo of the last answer: sells keep the very same sums (they are immutable), and the
  // 40-digit division is the costliest step of a position.
  if (boughtCost !== memo.cost || boughtBase !== memo.base) {
    if (boughtBase.units === 0n)
      throw new CodedError('INVALID_VALUE', 'entry price of a ledger without a buy');
    memo.entry = quotientHalfUp(boughtCost, boughtBase, QUOTE_DECIMALS);
    memo.cost = boughtCost;
    memo.base = boughtBase;
  }
  return memo.entry;
}
