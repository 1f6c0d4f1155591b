import type { ErrorSpec } from '../catalogue.js';

/** 3000 block, 3000–3249: the live engine (loop, lock, transactions runner, trade sync). Strategy owns 3500–3549 and 3750 (strategy.ts); positions/trades/transactions API 3550–3699 and 3760–3799 (positions.ts). */
export const ENGINE_ERRORS = {
  ENGINE_STANDBY: {
    code: 3000,
    message:
      'This engine is on standby: another instance holds the trading lock of this database, so it places no orders',
    recovery: 'alert',
    // Expected with several instances on one database: not written to the API error log.
    routine: true,
  },
  ENGINE_NOT_STARTED: {
    code: 3001,
    message: 'The engine is not running (not started yet, or stopped)',
    recovery: 'retry',
  },
  ENGINE_NO_MARKET_DATA: {
    code: 3002,
    message: 'The engine has no market price yet; try again after its next tick',
    recovery: 'retry',
  },
  ENGINE_NO_POSITION: {
    code: 3003,
    message: 'There is no active position to decrease',
    recovery: 'reject',
    routine: true,
  },
  ENGINE_AMOUNT_BELOW_MINIMUM: {
    code: 3004,
    message: 'The order amount is below the minimum order of 0.0002 BTC',
    recovery: 'reject',
    routine: true,
  },
  ENGINE_INSUFFICIENT_BALANCE: {
    code: 3005,
    message: 'The free balance is too small for an order of at least 0.0002 BTC',
    recovery: 'reject',
    routine: true,
  },
  ENGINE_INVALID_OPTIONS: {
    code: 3006,
    message: 'The live engine options are invalid',
    recovery: 'reject',
  },
  ENGINE_STORE_INVALID: {
    code: 3007,
    message: 'The engine store was asked for something it does not hold',
    recovery: 'alert',
  },
  ENGINE_STOPPED_ORDER_PENDING: {
    code: 3008,
    message:
      'The platform stopped while this order was in flight: its transaction stays PROCESSING and is reconciled with the exchange at the next start',
    recovery: 'alert',
  },
} as const satisfies Record<string, ErrorSpec>;
