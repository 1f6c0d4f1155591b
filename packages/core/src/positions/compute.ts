import { CodedError } from '../errors/coded-error.js';
import { Decimal, pctChange, roundDecimal } from '../numbers/decimal.js';
import type { StrategyConfig } from '../strategy/config.js';
import { BASE_DECIMALS, MIN_ORDER_BASE, QUOTE_DECIMALS } from '../strategy/constants.js';
import { assertStrategy, readPrice } from '../strategy/inputs.js';
import { assertPositionActions } from './actions.js';
import { baseDelta } from './ledger.js';
import { decreaseLevelPrice } from './levels.js';
import { parseTrades, sortTrades } from './trade-schema.js';
import type { Position, PositionActions, Trade } from './types.js';

/** Sums over a position's trades, unrounded. */
interface Totals {
  amount: Decimal;
  boughtBase: Decimal;
  /** Σ price × amount over buys: the numerator of the entry price. */
  boughtCost: Decimal;
  quoteIn: Decimal;
  quoteOut: Decimal;
}

function totalsOf(trades: readonly Trade[]): Totals {
  const zero = new Decimal(0);
  const totals: Totals = { amount: zero, boughtBase: zero, boughtCost: zero, quoteIn: zero, quoteOut: zero };
  for (const trade of trades) {
    const quoteFee = trade.commissionAsset === 'QUOTE' ? trade.commission : '0';
    totals.amount = totals.amount.plus(baseDelta(trade));
    if (trade.side === 'BUY') {
      totals.boughtBase = totals.boughtBase.plus(trade.amount);
      totals.boughtCost = totals.boughtCost.plus(new Decimal(trade.price).times(trade.amount));
      // A quote-paid buy fee is part of what the position cost.
      totals.quoteIn = totals.quoteIn.plus(trade.quoteAmount).plus(quoteFee);
    } else {
      totals.quoteOut = totals.quoteOut.plus(trade.quoteAmount).minus(quoteFee);
    }
  }
  return totals;
}

const round2 = (value: Decimal): Decimal => roundDecimal(value, QUOTE_DECIMALS, 'ROUND_HALF_UP');

/** pct(base, value), or 0 when the base rounds to 0 (dust bought for less than 0.005 quote). */
const pctOrZero = (base: Decimal, value: Decimal): number => (base.isZero() ? 0 : pctChange(base, value));

/**
 * A position from its trades at `price` (reference §2.4). Roundings: BTC amount 8 dp ROUND_DOWN
 * (never claim more than held) and floored at 0 (an over-sell came from BTC held outside the
 * position); entry price and quote figures 2 dp ROUND_HALF_UP; pnl is computed from the rounded
 * figures so pnl = amountQuote + out − in holds exactly; roi and gain are pct() 2 dp; gain and the
 * level prices (2 dp ROUND_UP, see decreaseLevelPrice) use the rounded entry price the operator
 * sees. Throws POSITION_WITHOUT_BUY when the first trade (by time, then id) is not a buy.
 */
export function computePosition(
  trades: Trade[],
  price: string,
  strategy: StrategyConfig,
  actions: PositionActions,
): Position {
  const sorted = sortTrades(parseTrades(trades));
  const current = readPrice(price);
  assertStrategy(strategy);
  assertPositionActions(actions);
  const first = sorted[0];
  if (first?.side !== 'BUY')
    throw new CodedError('POSITION_WITHOUT_BUY', first ? `trade ${first.id}` : 'no trades');
  const totals = totalsOf(sorted);
  const last = sorted.at(-1)!;
  const held = roundDecimal(Decimal.max(totals.amount, 0), BASE_DECIMALS, 'ROUND_DOWN');
  const entryPrice = round2(totals.boughtCost.dividedBy(totals.boughtBase));
  const amountQuote = round2(held.times(current));
  const amountQuoteIn = round2(totals.quoteIn);
  const amountQuoteOut = round2(totals.quoteOut);
  return {
    open: first.time,
    close: last.side === 'SELL' && totals.amount.lt(MIN_ORDER_BASE) ? last.time : null,
    entryPrice: entryPrice.toFixed(),
    amount: held.toFixed(),
    amountQuote: amountQuote.toFixed(),
    amountQuoteIn: amountQuoteIn.toFixed(),
    amountQuoteOut: amountQuoteOut.toFixed(),
    pnl: amountQuote.plus(amountQuoteOut).minus(amountQuoteIn).toFixed(),
    roi: pctOrZero(amountQuoteIn, amountQuote.plus(amountQuoteOut)),
    gain: pctOrZero(entryPrice, current),
    decreasePriceLevels: strategy.decreaseLevels.map((level) =>
      decreaseLevelPrice(entryPrice, level.gainRequirement).toFixed(),
    ),
    actions,
  };
}
