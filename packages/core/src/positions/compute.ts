import { CodedError } from '../errors/coded-error.js';
import { pctFixed } from '../numbers/fast.js';
import { type Fixed, fixedOf, fixedText, minus, plus, roundHalfUp, times } from '../numbers/fixed.js';
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

const round2 = (value: Fixed): Fixed => roundHalfUp(value, QUOTE_DECIMALS);

/** pct(base, value), or 0 when the base rounds to 0 (dust bought for less than 0.005 quote). */
const pctOrZero = (base: Fixed, value: Fixed): number => {
  if (base.units === 0n) return 0;
  const pct = pctFixed(base, value);
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
  readPrice(price);
  assertStrategy(strategy);
  assertPositionActions(actions);
  const { first, last } = ledger;
  if (first?.side !== 'BUY' || last === null)
    throw new CodedError('POSITION_WITHOUT_BUY', first ? `trade ${first.id}` : 'no trades');
  // The exact value readPrice accepted (both read a number through its shortest string).
  const current = fixedOf(price);
  const held = ledgerHeldAmount(ledger);
  const entryPrice = ledgerEntryPrice(ledger);
  const amountQuote = round2(times(held, current));
  const amountQuoteIn = round2(ledger.quoteIn);
  const amountQuoteOut = round2(ledger.quoteOut);
  const returned = plus(amountQuote, amountQuoteOut);
  return {
    open: first.time,
    close: isLedgerClosed(ledger) ? last.time : null,
    entryPrice: fixedText(entryPrice),
    amount: fixedText(held),
    amountQuote: fixedText(amountQuote),
    amountQuoteIn: fixedText(amountQuoteIn),
    amountQuoteOut: fixedText(amountQuoteOut),
    pnl: fixedText(minus(returned, amountQuoteIn)),
    roi: pctOrZero(amountQuoteIn, returned),
    gain: pctOrZero(entryPrice, current),
    decreasePriceLevels: decreasePriceLevels(entryPrice, strategy),
    actions,
  };
}
