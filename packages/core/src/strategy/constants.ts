/**
 * Exchange and strategy constants (docs/strategy.md#increase). Amounts are decimal strings.
 */

/** The smallest order the strategy places, in BTC; a position holding less is closed. */
export const MIN_ORDER_BASE = '0.0002';

/** Order amounts are multiples of the exchange's lot step 0.00001 BTC: rounded down to 5 dp. */
export const ORDER_BASE_DECIMALS = 5;

/** Position BTC figures keep the exchange's 8 dp. */
export const BASE_DECIMALS = 8;

/** Prices and quote figures of a position are shown and stored with 2 dp. */
export const QUOTE_DECIMALS = 2;

/** Quote estimates of orders keep the exchange's 8 dp. */
export const QUOTE_ESTIMATE_DECIMALS = 8;

/**
 * The smallest increase amount accepted (quote). The spec asks for ≥ 100 in production so that an
 * increase buys at least MIN_ORDER_BASE: 100 ÷ 0.0002 = 500,000, so any BTC price up to 500,000
 * quote per BTC still gives an order ≥ MIN_ORDER_BASE (the year of real data here tops ~126,000).
 */
export const MIN_INCREASE_AMOUNT_QUOTE = '100';

/** A position worth ≤ this share of increaseAmountQuote is sold whole (docs/strategy.md#decrease). */
export const WHOLE_POSITION_SHARE = '0.3';

/** At least this long between two automatic sells, whatever their levels (ms). */
export const GLOBAL_DECREASE_WAIT_MS = 60_000;

export const MS_PER_MINUTE = 60_000;
export const MS_PER_HOUR = 3_600_000;

/** The number of decrease levels of every strategy. */
export const DECREASE_LEVEL_COUNT = 5;
