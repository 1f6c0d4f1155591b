import type { ErrorSpec } from '../catalogue.js';

/** 3000 block, 3550–3699 and 3760–3799: positions, trades and transactions as the API reads and edits them. */
export const POSITION_ERRORS = {
  MANUAL_TRADE_INVALID: {
    code: 3550,
    message: 'The manual trade is invalid',
    recovery: 'reject',
  },
  TRADING_RECORD_INVALID: {
    code: 3551,
    message: 'The trading record to store is invalid',
    recovery: 'reject',
  },
  ACTIVE_POSITION_NOT_ARCHIVABLE: {
    code: 3552,
    message: 'The active position cannot be archived',
    recovery: 'reject',
  },
  NO_ACTIVE_POSITION: {
    code: 3553,
    message: 'There is no active position: manual trades can only be entered for the active one',
    recovery: 'reject',
  },
  TRADE_NOT_MANUAL: {
    code: 3554,
    message: 'Only manual trades can be edited or deleted, exchange trades are kept as synced',
    recovery: 'reject',
  },
  TRADE_NOT_IN_ACTIVE_POSITION: {
    code: 3555,
    message: 'Only trades of the active position can be edited or deleted',
    recovery: 'reject',
  },
  STRATEGY_TEMPLATE_UNKNOWN: {
    code: 3556,
    message: 'There is no strategy template with this id',
    recovery: 'reject',
  },
  TRADING_QUERY_INVALID: {
    code: 3557,
    message: 'The position or transaction query is invalid',
    recovery: 'reject',
  },
  POSITION_NOT_FOUND: {
    code: 3760,
    message: 'There is no position with this id',
    recovery: 'reject',
    routine: true,
  },
  TRADE_NOT_FOUND: {
    code: 3761,
    message: 'There is no trade with this id',
    recovery: 'reject',
    routine: true,
  },
  TRANSACTION_NOT_FOUND: {
    code: 3762,
    message: 'There is no transaction with this id',
    recovery: 'reject',
    routine: true,
  },
  CRASH_NOT_FOUND: {
    code: 3763,
    message: 'There is no crash record with this id',
    recovery: 'reject',
  },
  STORED_SETTING_INVALID: {
    code: 3764,
    message: 'A stored engine setting no longer passes its checks; save it again',
    recovery: 'alert',
  },
} as const satisfies Record<string, ErrorSpec>;
