import type { ErrorSpec } from '../catalogue.js';

/**
 * 5000 block: exchanges and the backtester's simulated exchange (5900–5999: backtest runs).
 * Inside 5900–5999: 5900 the run, 5910 the simulated exchange, 5930 arguments, 5950 candle data.
 */
export const BACKTEST_ERRORS = {
  BACKTEST_NO_CANDLES: {
    code: 5900,
    message: 'The backtest has too few candles in the chosen range',
    recovery: 'reject',
  },
  BACKTEST_REPORT_WRITE_FAILED: {
    code: 5901,
    message: 'The backtest report could not be written',
    recovery: 'alert',
  },
  BACKTEST_INSUFFICIENT_BALANCE: {
    code: 5910,
    message: 'The simulated account has too little balance for this order',
    recovery: 'reject',
  },
  BACKTEST_ORDER_BELOW_MINIMUM: {
    code: 5911,
    message: 'The order is below the minimum amount (0.0002 BTC) or notional (10 quote)',
    recovery: 'reject',
  },
  BACKTEST_INVALID_ORDER: {
    code: 5912,
    message: 'The order amount or price is not a positive number',
    recovery: 'reject',
  },
  BACKTEST_INVALID_EXCHANGE_CONFIG: {
    code: 5913,
    message: 'The simulated exchange configuration is invalid',
    recovery: 'reject',
  },
  BACKTEST_INVALID_INPUT: {
    code: 5930,
    message: 'The backtest input is invalid',
    recovery: 'reject',
  },
  BACKTEST_UNKNOWN_FLAG: {
    code: 5931,
    message: 'Unknown backtest flag',
    recovery: 'reject',
  },
  BACKTEST_INVALID_FLAG: {
    code: 5932,
    message: 'Invalid backtest flag value',
    recovery: 'reject',
  },
  BACKTEST_CONFIG_UNREADABLE: {
    code: 5933,
    message: 'The strategy configuration file could not be read as JSON',
    recovery: 'reject',
  },
  BACKTEST_DATA_UNREADABLE: {
    code: 5950,
    message: 'The candle file could not be read',
    recovery: 'reject',
  },
  BACKTEST_DATA_UNKNOWN_LAYOUT: {
    code: 5951,
    message: 'The candle file has an unknown layout',
    recovery: 'reject',
  },
  BACKTEST_DATA_BAD_ROW: {
    code: 5952,
    message: 'The candle file has a bad row',
    recovery: 'reject',
  },
  BACKTEST_DATA_DUPLICATE_TIME: {
    code: 5953,
    message: 'The candle file has two candles with the same open time',
    recovery: 'reject',
  },
} as const satisfies Record<string, ErrorSpec>;
