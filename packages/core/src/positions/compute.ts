import { CodedError } from '../errors/coded-error.js';
import { Decimal, roundDecimal } from '../numbers/decimal.js';
import { pctDecimal } from '../numbers/fast.js';
import { type Fixed, fixedText } from '../numbers/fixed.js';
import type { StrategyConfig } from '../strategy/config.js';
import { QUOTE_DECIMALS } from '../strategy/constants.js';
import { assertStrategy, readPrice } from '../strategy/inputs.js';
import { assertPositionActions } from './actions.js';
import { decreasePriceLevels } from './levels.js';
import {
  addParsedTrades,
  EMPTY_POSITION_LEDGER,
  isLedgerClosed,
  ledgerEntryPrice,
  ledgerHeldAmount,
  type PositionLedger,
} from './position-ledger.js';
import { parseTrades, sortTrades } from './trade-schema.js';
import type { Position, PositionActions, Trade } from './types.js';

/*
 * Twin: engine backtest/strategy/fill-position.ts (`positionOfFills`) computes `positionFromLedger`
 * on the backtest's exact integers, and fill-ledger.ts's `heldAmountOf` is `ledgerHeldAmount`;
 * fill-position.test.ts (property) and fill-ledger.test.ts hold them equal (ARCHITECTURE.md, the
 * backtest's twins of core).
 */

const decimalOf = (value: Fixed): Decimal => new Decimal(fixedText(value));

const round2 = (value: Decimal): Decimal => roundDecimal(value, QUOTE_DECIMALS, 'ROUND_HALF_UP');

/** pct(base, value), or 0 when the base rounds to 0 (dust bought for less than 0.005 quote). */
const pctOrZero = (base: Decimal, value: Decimal): number => {
  if (base.isZero()) return 0;
  const pct = pctDecimal(base, value);
  // A tiny loss rounds to −0, which JSON turns into 0: report 0 so a position round-trips.
  return pct === 0 ? 0 : pct;
};

/**
 * A position from its trades at `price` (docs/strategy.md#positions). Roundings: BTC amount 8 dp ROUND_DOWN
 * (never claim more than held) and floored at 0 (an over-sell came from BTC held outside the
 * position); entry price and quote figures 2 dp ROUND_HALF_UP; pnl is computed from the rounded
 * figures so pnl = amountQuote + out − in holds exactly; roi and gain are pct() 2 dp; gain and the
 * level prices (2 dp half up, see decreaseLevelPrice) use the rounded entry price the operator
 * sees. Throws POSITION_WITHOUT_BUY when the first trade (by time, then id) is not a buy.
 */
export function computePosition(
  trades: Trade[],
  price: string,
  strategy: StrategyConfig,
  actions: PositionActions,
): Position {
  const sorted = sortTrades(parseTrades(trades));
  // The sums do not depend on the order; first and last are the sorted ends.
  const sums = addParsedTrades(EMPTY_POSITION_LEDGER, sorted);
  const ledger: PositionLedger = { ...sums, first: sorted[0] ?? null, last: sorted.at(-1) ?? null };
  return positionFromLedger(ledger, price, strategy, actions);
}

/**
 * The position of a ledger's trades at `price`: `computePosition` of the same trades, without
 * re-reading them (see PositionLedger). Same checks and errors, except the trades' own, which were
 * checked when they entered the ledger.
 */
export function positionFromLedger(
  ledger: PositionLedger,
  price: string,
  strategy: StrategyConfig,
  actions: PositionActions,
): Position {
  const current = readPrice(price);
  assertStrategy(strategy);
  assertPositionActions(actions);
  const { first, last } = ledger;
  if (first?.side !== 'BUY' || last === null)
    throw new CodedError('POSITION_WITHOUT_BUY', first ? `trade ${first.id}` : 'no trades');
  const held = decimalOf(ledgerHeldAmount(ledger));
  const entryPrice = decimalOf(ledgerEntryPrice(ledger));
  const amountQuote = round2(held.times(current));
  const amountQuoteIn = round2(decimalOf(ledger.quoteIn));
  const amountQuoteOut = round2(decimalOf(ledger.quoteOut));
  return {
    open: first.time,
    close: isLedgerClosed(ledger) ? last.time : null,
    entryPrice: entryPrice.toFixed(),
    amount: held.toFixed(),
    amountQuote: amountQuote.toFixed(),
    amountQuoteIn: amountQuoteIn.toFixed(),
    amountQuoteOut: amountQuoteOut.toFixed(),
    pnl: amountQuote.plus(amountQuoteOut).minus(amountQuoteIn).toFixed(),
    roi: pctOrZero(amountQuoteIn, amountQuote.plus(amountQuoteOut)),
    gain: pctOrZero(entryPrice, current),
    decreasePriceLevels: decreasePriceLevels(entryPrice, strategy),
    actions,
  };
}
