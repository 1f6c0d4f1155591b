import type { ErrorSpec } from '../catalogue.js';

/**
 * 5000 block: exchanges and the backtester's simulated exchange (5900–5999: backtest runs).
 * Inside 5900–5999: 5900 the run, 5910 the simulated exchange, 5930 arguments and conventions (5936–5949: lab jobs across instances), 5950 candle data,
 * 5960 candle downloads, 5970–5989 backtest jobs (the API's lab), 5990 parameter sweeps.
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
  BACKTEST_CONVENTIONS_CONFLICT: {
    code: 5934,
    message:
      'The backtest conventions contradict each other (a weekday needs the weekly cadence, a month day the monthly one, periods per year the periodic IRR)',
    recovery: 'reject',
  },
  BACKTEST_CONTRIBUTION_BELOW_MINIMUM: {
    code: 5935,
    message: "The contribution is below the exchange's minimum order value, so DCA would never buy",
    recovery: 'reject',
  },
  LAB_JOB_INTERRUPTED: {
    code: 5936,
    message: 'The platform restarted while this job ran; run it again',
    recovery: 'retry',
  },
  LAB_JOB_ABANDONED: {
    code: 5937,
    message: 'The instance running this job stopped answering; run it again',
    recovery: 'retry',
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
  MARKET_DATA_DOWNLOAD_CANCELLED: {
    code: 5960,
    message: 'The candle download was cancelled; what it stored is kept and a new run goes on from there',
    recovery: 'retry',
    routine: true,
  },
  MARKET_DATA_OTHER_MARKET: {
    code: 5961,
    message: 'The candle file holds another market or timeframe',
    recovery: 'reject',
  },
  LAB_DATA_SET_NOT_REMOVABLE: {
    code: 5962,
    message: 'Only a downloaded data set can be removed; the shipped candle files stay',
    recovery: 'reject',
  },
  LAB_DATA_SET_DOWNLOADING: {
    code: 5963,
    message: 'A download of this data set is queued or running; cancel it or let it finish first',
    recovery: 'retry',
  },
  BACKTEST_JOB_CANCELLED: {
    code: 5970,
    message: 'The backtest job was cancelled; nothing of it was stored',
    recovery: 'reject',
    routine: true,
  },
  BACKTEST_JOB_FAILED: {
    code: 5971,
    message: 'The backtest job failed; nothing of it was stored',
    recovery: 'alert',
  },
  LAB_INVALID_INPUT: {
    code: 5972,
    message: "The backtest job's input is invalid",
    recovery: 'reject',
  },
  LAB_DATA_SET_UNKNOWN: {
    code: 5973,
    message: 'No data set has this name (GET /lab/data-sets lists them)',
    recovery: 'reject',
  },
  LAB_JOB_NOT_FOUND: {
    code: 5974,
    message: 'No backtest job has this id (finished jobs are kept for a while: docs/backtesting.md)',
    recovery: 'reject',
  },
  LAB_RESULT_NOT_FOUND: {
    code: 5975,
    message: 'No stored backtest result has this id',
    recovery: 'reject',
  },
  LAB_JOB_FINISHED: {
    code: 5976,
    message: 'The backtest job has already finished and cannot be cancelled',
    recovery: 'reject',
  },
  LAB_QUEUE_FULL: {
    code: 5977,
    message: 'Too many backtest jobs are waiting; try again when some have finished',
    recovery: 'retry',
  },
  LAB_SWEEP_ROW_UNKNOWN: {
    code: 5978,
    message:
      "The stored result has no such row (a sweep's row is applied by its rank, a backtest as a whole)",
    recovery: 'reject',
  },
  LAB_SWEEP_ROW_NOT_APPLICABLE: {
    code: 5979,
    message:
      "The sweep's row varies the window indicator, which the live strategy settings do not hold; only strategy parameters can be applied",
    recovery: 'reject',
  },
  LAB_DOWNLOAD_RUNNING: {
    code: 5980,
    message: 'A download of this data set is already queued or running',
    recovery: 'retry',
  },
  LAB_RESULT_NOT_A_BACKTEST: {
    code: 5989,
    message: 'The stored result is a sweep, not a backtest: it has no backtest report',
    recovery: 'reject',
  },
  SWEEP_INVALID: {
    code: 5990,
    message: 'The parameter sweep is invalid',
    recovery: 'reject',
  },
  SWEEP_TOO_LARGE: {
    code: 5991,
    message: 'The parameter sweep has too many combinations',
    recovery: 'reject',
  },
  SWEEP_CANCELLED: {
    code: 5992,
    message: 'The parameter sweep was cancelled',
    recovery: 'retry',
    routine: true,
  },
} as const satisfies Record<string, ErrorSpec>;
