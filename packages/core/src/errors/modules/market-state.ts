import type { ErrorSpec } from '../catalogue.js';

/** 2000 block: market state (window, liquidity, coins, reversal; docs/strategy.md#market-state). */
export const MARKET_STATE_ERRORS = {
  INVALID_WINDOW_CONFIG: { code: 2500, message: 'The window configuration is invalid', recovery: 'reject' },
  INVALID_LIQUIDITY_CONFIG: {
    code: 2501,
    message: 'The liquidity configuration is invalid',
    recovery: 'reject',
  },
  INVALID_COINS_CONFIG: { code: 2502, message: 'The coins configuration is invalid', recovery: 'reject' },
  INVALID_REVERSAL_CONFIG: {
    code: 2503,
    message: 'The reversal configuration is invalid',
    recovery: 'reject',
  },
  INVALID_WINDOW_VALUES: {
    code: 2504,
    message: 'The window values must be a non-empty list of finite prices greater than 0',
    recovery: 'reject',
  },
  INVALID_STATE_REQUIREMENTS: {
    code: 2505,
    message:
      'The requirement and strong requirement must be numbers from 0.01 to 100, requirement below strong',
    recovery: 'reject',
  },
  INVALID_CANDLE_SERIES: {
    code: 2506,
    message:
      'The candle series is invalid (parallel arrays of equal length, rising ids, prices greater than 0)',
    recovery: 'reject',
  },
  INVALID_WINDOW_SIZE: {
    code: 2507,
    message: 'The window size must be an integer of at least 1',
    recovery: 'reject',
  },
  INVALID_ORDER_BOOK: {
    code: 2508,
    message: 'The order book is invalid (levels of finite price greater than 0 and size of at least 0)',
    recovery: 'reject',
  },
  INVALID_MARKET_PRICE: {
    code: 2509,
    message: 'The market price must be a finite number greater than 0',
    recovery: 'reject',
  },
  INVALID_MARKET_TIME: {
    code: 2510,
    message: 'The time must be a finite number of milliseconds of at least 0',
    recovery: 'reject',
  },
  INVALID_COIN_PRICES: {
    code: 2511,
    message: 'The coin prices must map symbols to finite prices greater than 0',
    recovery: 'reject',
  },
  INVALID_COINS_STATE: { code: 2512, message: 'The coins state is invalid', recovery: 'reject' },
  INVALID_COIN_VOLUMES: {
    code: 2513,
    message: 'The coin volumes must map symbols to finite numbers of at least 0',
    recovery: 'reject',
  },
  INVALID_REVERSAL_INPUT: {
    code: 2514,
    message: 'The reversal input is invalid (window state -2..2, bid dominance 0..100, coins family states)',
    recovery: 'reject',
  },
  INVALID_REVERSAL_STATE: { code: 2515, message: 'The reversal state is invalid', recovery: 'reject' },
  INVALID_LIQUIDITY_STATE: {
    code: 2516,
    message: 'The previous liquidity state is invalid',
    recovery: 'reject',
  },
  INVALID_COIN_SYMBOLS: {
    code: 2517,
    message: 'The coin symbols must be whitelisted, unique and at most the configured limit',
    recovery: 'reject',
  },
  WINDOW_INTEGRITY_FAILURE: {
    code: 2750,
    message: 'The fetched candles do not continue the window, the whole window must be refetched',
    recovery: 'retry',
  },
} as const satisfies Record<string, ErrorSpec>;
