import { CodedError } from '../errors/coded-error.js';
import { roundDecimal, toDecimal } from '../numbers/decimal.js';
import { QUOTE_ESTIMATE_DECIMALS } from './constants.js';

/**
 * The free quote an increase may spend where the exchange charges a buy's fee in the quote asset
 * (Kraken, Coinbase): free ÷ (1 + fee rate), rounded DOWN to 8 dp, so that the order's cost plus
 * its fee fits in the balance. Without it a low-balance increase spends the whole free quote on the
 * order and the exchange refuses it for the fee. Where the fee is taken from the bought BTC
 * (Binance, OKX, Bitfinex) the rate is 0 and the free quote is spent as it is; the position then
 * holds the BTC net of the fee (core's position accounting of BASE commissions).
 * INVALID_STRATEGY_INPUT for a rate outside 0–0.1 or a malformed amount.
 */
export function quoteAfterBuyFee(freeQuote: string, feeRate: string): string {
  const free = toDecimal(freeQuote);
  const rate = toDecimal(feeRate);
  if (free.isNegative() || rate.isNegative() || rate.isGreaterThan('0.1')) {
    throw new CodedError('INVALID_STRATEGY_INPUT', `free quote ${freeQuote}, fee rate ${feeRate}`);
  }
  if (rate.isZero()) return free.toFixed();
  return roundDecimal(free.dividedBy(rate.plus(1)), QUOTE_ESTIMATE_DECIMALS, 'ROUND_DOWN').toFixed();
}
