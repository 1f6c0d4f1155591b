import type { ErrorSpec } from '../catalogue.js';

/**
 * 5000 block: exchanges and their adapters (the exchange port); 5900–5999 belong to backtest runs
 * (backtest.ts). Order refusals mirror the exchange filters (LOT_SIZE, NOTIONAL, balance) so the
 * engine treats a simulated refusal exactly like a real one.
 */
export const EXCHANGE_ERRORS = {
  EXCHANGE_INSUFFICIENT_BALANCE: {
    code: 5000,
    message: 'The account balance is too low for this order',
    recovery: 'reject',
  },
  EXCHANGE_CLOSED: {
    code: 5001,
    message: 'The exchange adapter was closed and cannot be used any more',
    recovery: 'alert',
  },
  EXCHANGE_UNAVAILABLE: {
    code: 5010,
    message: 'The exchange could not be reached or answered with an error of its own; try again later',
    recovery: 'retry',
  },
  EXCHANGE_RATE_LIMITED: {
    code: 5011,
    message: 'The exchange refused the request for exceeding its rate limit (429) or banned the IP (418)',
    recovery: 'retry',
  },
  EXCHANGE_AUTH_FAILED: {
    code: 5012,
    message: 'The exchange refused the API key, its signature or its permissions',
    recovery: 'alert',
  },
  EXCHANGE_ORDER_REJECTED: {
    code: 5013,
    message: 'The exchange rejected the order (balance, filters or order parameters)',
    recovery: 'reject',
  },
  EXCHANGE_ORDER_OUTCOME_UNKNOWN: {
    code: 5014,
    message:
      'The order request failed without a definite answer and no order with its client id was found yet; retry with the same client order id',
    recovery: 'retry',
  },
  EXCHANGE_ACCOUNT_STATE_SAVE_FAILED: {
    code: 5015,
    message:
      'The simulated account could not save its state after an order; the order was undone, retry with the same client order id',
    recovery: 'retry',
  },
  EXCHANGE_CLOCK_INVALID: {
    code: 5250,
    message: 'The simulator clock gave a time that is not a finite number or lies before the replay start',
    recovery: 'alert',
  },
  EXCHANGE_SIMULATOR_CONFIG_INVALID: {
    code: 5500,
    message: 'The simulated market configuration is invalid',
    recovery: 'reject',
  },
  EXCHANGE_REQUEST_INVALID: {
    code: 5501,
    message: 'The market data request is invalid (interval, limit or coin)',
    recovery: 'reject',
  },
  EXCHANGE_ORDER_INVALID: {
    code: 5502,
    message: 'The order is malformed (side, amount or client order id)',
    recovery: 'reject',
  },
  EXCHANGE_ORDER_LOT_SIZE: {
    code: 5503,
    message: 'The order amount breaks the LOT_SIZE filter (below the minimum or not a multiple of the step)',
    recovery: 'reject',
  },
  EXCHANGE_ORDER_MIN_NOTIONAL: {
    code: 5504,
    message: 'The order value is below the market minimum notional',
    recovery: 'reject',
  },
  EXCHANGE_CCXT_CONFIG_INVALID: {
    code: 5505,
    message: 'The ccxt exchange configuration is invalid (exchange id, quote asset, urls or timeout)',
    recovery: 'reject',
  },
  EXCHANGE_CONFIG_INVALID: {
    code: 5506,
    message: 'The exchange configuration is invalid (kind, exchange, keys, symbol, balances or fee)',
    recovery: 'reject',
  },
  EXCHANGE_TRADING_UNSUPPORTED: {
    code: 5507,
    message:
      'Live trading is not supported on this exchange (market data only); use paper trading or a supported exchange',
    recovery: 'reject',
  },
  EXCHANGE_ORDER_BOOK_TOO_THIN: {
    code: 5508,
    message: 'The visible order book is too thin to fill the whole simulated market order',
    recovery: 'reject',
  },
  EXCHANGE_MARKET_DATA_MISSING: {
    code: 5750,
    message: 'The simulator has no candles to replay (at least two are needed)',
    recovery: 'alert',
  },
  EXCHANGE_RESPONSE_INVALID: {
    code: 5751,
    message: 'The exchange answered with data the adapter cannot read (missing or non-numeric fields)',
    recovery: 'alert',
  },
  EXCHANGE_MARKET_UNKNOWN: {
    code: 5752,
    message: 'The exchange does not list the market (base/quote) the adapter was configured for',
    recovery: 'alert',
  },
  EXCHANGE_ACCOUNT_STATE_INVALID: {
    code: 5753,
    message: 'The saved state of the simulated account is unreadable or belongs to another market',
    recovery: 'alert',
  },
} as const satisfies Record<string, ErrorSpec>;
