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
  EXCHANGE_MARKET_DATA_MISSING: {
    code: 5750,
    message: 'The simulator has no candles to replay (at least two are needed)',
    recovery: 'alert',
  },
} as const satisfies Record<string, ErrorSpec>;
