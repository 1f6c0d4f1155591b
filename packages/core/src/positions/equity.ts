import { roundDecimal, toNonNegativeDecimal } from '../numbers/decimal.js';

/**
 * One equity sample (docs/trading-api.md, Equity): the free balances of the market's quote asset
 * and of BTC at a tick, the price then, and their value in the quote asset. Decimal strings.
 */
export interface EquitySample {
  /** Market time, epoch ms (the simulator's replay clock, else wall time). */
  time: number;
  /** Quote balance, 2 dp (ROUND_HALF_UP). */
  quote: string;
  /** BTC balance as the exchange states it. */
  base: string;
  price: string;
  /** quote + base × price, 2 dp (ROUND_HALF_UP) from the exact figures. */
  equity: string;
}

/** The equity sample of free balances `quote` and `base` at `price` (all non-negative decimals). */
export function equitySample(time: number, quote: string, base: string, price: string): EquitySample {
  const exactQuote = toNonNegativeDecimal(quote);
  const btc = toNonNegativeDecimal(base);
  const equity = exactQuote.plus(btc.times(toNonNegativeDecimal(price)));
  return {
    time,
    quote: roundDecimal(exactQuote, 2, 'ROUND_HALF_UP').toFixed(2),
    base: btc.toFixed(),
    price: toNonNegativeDecimal(price).toFixed(),
    equity: roundDecimal(equity, 2, 'ROUND_HALF_UP').toFixed(2),
  };
}

/** The ranges of the equity history; each answer holds at most ~370 points whatever is stored. */
export const EQUITY_RANGES = ['24h', '7d', '90d', '2y'] as const;
export type EquityRange = (typeof EQUITY_RANGES)[number];

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Span before market now and bucket of each range: 288, 336, 360 and 365 buckets. */
export const EQUITY_WINDOWS: Record<EquityRange, { spanMs: number; bucketMs: number }> = {
  '24h': { spanMs: DAY_MS, bucketMs: 5 * MINUTE_MS },
  '7d': { spanMs: 7 * DAY_MS, bucketMs: 30 * MINUTE_MS },
  '90d': { spanMs: 90 * DAY_MS, bucketMs: 6 * HOUR_MS },
  '2y': { spanMs: 730 * DAY_MS, bucketMs: 2 * DAY_MS },
};
