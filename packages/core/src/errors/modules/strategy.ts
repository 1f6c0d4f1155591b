import type { ErrorSpec } from '../catalogue.js';

/** 3000 block: strategy, planner, positions, transactions (docs/strategy.md#strategy); 3800–3824 order reasons. */
export const STRATEGY_ERRORS = {
  INVALID_STRATEGY_CONFIG: {
    code: 3500,
    message: 'The strategy configuration is invalid',
    recovery: 'reject',
  },
  INVALID_STRATEGY_INPUT: {
    code: 3501,
    message: 'The strategy received an invalid price, balance, time or position',
    recovery: 'reject',
  },
  INVALID_TRADE: { code: 3502, message: 'The trade is invalid', recovery: 'reject' },
  INVALID_POSITION_ACTIONS: {
    code: 3503,
    message: 'The position actions are invalid (one increase list and 5 decrease lists)',
    recovery: 'reject',
  },
  INVALID_DECREASE_PERCENTAGE: {
    code: 3504,
    message: 'The decrease percentage must be a number from 1 to 100',
    recovery: 'reject',
  },
  INVALID_DECREASE_LEVEL: {
    code: 3505,
    message: 'The decrease level must be an integer from 0 to 4, or -1 for a manual decrease',
    recovery: 'reject',
  },
  INVALID_BUDGET: {
    code: 3506,
    message: 'The budget must be a decimal amount greater than 0',
    recovery: 'reject',
  },
  INVALID_SPLIT_STATES: {
    code: 3507,
    message: 'The split states must hold a finite change for each of the 8 splits',
    recovery: 'reject',
  },
  MANUAL_TRADES_EMPTY: {
    code: 3510,
    message: 'The active position needs at least one trade',
    recovery: 'reject',
    routine: true,
  },
  MANUAL_TRADE_FIRST_NOT_BUY: {
    code: 3511,
    message: "The position's first trade must be a buy",
    recovery: 'reject',
    routine: true,
  },
  MANUAL_TRADE_NEGATIVE_AMOUNT: {
    code: 3512,
    message: 'The trades would sell more than the position holds',
    recovery: 'reject',
    routine: true,
  },
  MANUAL_TRADE_INVALID_ENTRY_PRICE: {
    code: 3513,
    message: 'The trades must give the position an entry price greater than 0',
    recovery: 'reject',
    routine: true,
  },
  MANUAL_TRADE_BEFORE_OPEN: {
    code: 3514,
    message: 'A trade cannot be older than the position it belongs to',
    recovery: 'reject',
    routine: true,
  },
  MANUAL_TRADE_IN_FUTURE: {
    code: 3515,
    message: 'A trade cannot be in the future',
    recovery: 'reject',
    routine: true,
  },
  INVALID_TRANSACTION: {
    code: 3520,
    message: 'The transaction is invalid (id, side, amount, status, attempts, time or logs)',
    recovery: 'reject',
  },
  INVALID_TRANSACTION_INPUT: {
    code: 3521,
    message: 'The transaction step received an invalid order, execution result, balances or time',
    recovery: 'reject',
  },
  INVALID_TRANSACTION_ID: {
    code: 3522,
    message: 'A transaction id must be a UUID or a non-negative integer of at most 31 digits',
    recovery: 'reject',
  },
  TRANSACTION_FINISHED: {
    code: 3523,
    message: 'A finished (SUCCEEDED or FAILED) transaction cannot change',
    recovery: 'reject',
  },
  TRANSACTION_OUT_OF_ORDER: {
    code: 3524,
    message: 'The transaction is not waiting for this step (an order may already be at the exchange)',
    recovery: 'alert',
  },
  TRANSACTION_ORDER_MISMATCH: {
    code: 3525,
    message: "The observed order does not carry this transaction's client order id and side",
    recovery: 'alert',
  },
  POSITION_WITHOUT_BUY: {
    code: 3750,
    message: 'A position must start with a buy',
    recovery: 'reject',
  },
  INVALID_ORDER_REASON: {
    code: 3800,
    message: "The order's reason is not a reason this version records",
    recovery: 'reject',
  },
} as const satisfies Record<string, ErrorSpec>;
