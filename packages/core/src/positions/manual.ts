import { CodedError } from '../errors/coded-error.js';
import { Decimal, roundDecimal } from '../numbers/decimal.js';
import { QUOTE_DECIMALS } from '../strategy/constants.js';
import { readTime } from '../strategy/inputs.js';
import { baseDelta } from './ledger.js';
import { parseTrades, sortTrades } from './trade-schema.js';
import type { Trade } from './types.js';

/**
 * Checks the active position's trades after an operator created, edited or deleted one
 * (docs/strategy.md#positions): at least one trade, the first (by time, then id) a buy, the BTC held never
 * below 0 after any trade, an entry price > 0 at 2 dp, and every trade at or after `open` (the
 * position's stored open time, when given) and not after `now` (ms). Throws the matching
 * MANUAL_TRADE_* coded error (INVALID_TRADE for a malformed trade); returns the trades sorted,
 * amounts as decimal strings.
 */
export function validateManualTrades(trades: Trade[], now: number, open?: number): Trade[] {
  readTime(now);
  if (open !== undefined) readTime(open, 'open');
  const sorted = sortTrades(parseTrades(trades));
  const first = sorted[0];
  if (first === undefined) throw new CodedError('MANUAL_TRADES_EMPTY');
  if (first.side !== 'BUY') throw new CodedError('MANUAL_TRADE_FIRST_NOT_BUY', `trade ${first.id}`);
  let amount = new Decimal(0);
  let boughtBase = new Decimal(0);
  let boughtCost = new Decimal(0);
  for (const trade of sorted) {
    if (trade.time > now) throw new CodedError('MANUAL_TRADE_IN_FUTURE', `trade ${trade.id}`);
    if (open !== undefined && trade.time < open)
      throw new CodedError('MANUAL_TRADE_BEFORE_OPEN', `trade ${trade.id}`);
    amount = amount.plus(baseDelta(trade));
    if (amount.isNegative()) {
      throw new CodedError(
        'MANUAL_TRADE_NEGATIVE_AMOUNT',
        `after trade ${trade.id}: ${amount.toFixed()} BTC`,
      );
    }
    if (trade.side === 'BUY') {
      boughtBase = boughtBase.plus(trade.amount);
      boughtCost = boughtCost.plus(new Decimal(trade.price).times(trade.amount));
    }
  }
  const entry = roundDecimal(boughtCost.dividedBy(boughtBase), QUOTE_DECIMALS, 'ROUND_HALF_UP');
  if (!entry.isGreaterThan(0)) throw new CodedError('MANUAL_TRADE_INVALID_ENTRY_PRICE', entry.toFixed());
  return sorted;
}
