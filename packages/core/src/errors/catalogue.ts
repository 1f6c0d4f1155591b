/**
 * The one catalogue of coded errors. Codes come in blocks of 1000 per module, and inside a
 * block x000 is the service, x250 utilities, x500 validation, x750 data (reference §3.1).
 *
 * | block | module                                   |
 * | ----- | ---------------------------------------- |
 * | 1000  | numbers, formats, shared validation      |
 * | 2000  | market state (window, liquidity, coins, reversal) |
 * | 3000  | strategy, positions, transactions        |
 * | 4000  | accounts, sessions, one-time codes, captcha, IP blacklist |
 * | 5000  | exchanges                                |
 * | 6000  | API server (requests, readiness)         |
 * | 7000  | operations (monitor, notifications, updates, backups) |
 * | 8000  | configuration and database               |
 *
 * Recovery says what the caller should do: `retry` (temporary trouble), `alert` (stop and tell
 * the operator), `reject` (the input is wrong; resending it unchanged fails again).
 * `routine` errors are expected in normal use and are not written to the API error log.
 */
export type Recovery = 'retry' | 'alert' | 'reject';

export interface ErrorSpec {
  readonly code: number;
  readonly message: string;
  readonly recovery: Recovery;
  readonly routine?: boolean;
}

export const ERRORS = {
  // 1000 numbers and formats
  INVALID_VALUE: { code: 1500, message: 'The value is not a valid number', recovery: 'reject' },
  INVALID_DECIMAL_PLACES: {
    code: 1501,
    message: 'Decimal places must be an integer from 0 to 100',
    recovery: 'reject',
  },
  INVALID_ROUNDING_MODE: { code: 1502, message: 'The rounding mode is not supported', recovery: 'reject' },

  // 4000 accounts and sessions (codes fixed by the spec's client)
  ACCESS_TOKEN_INVALID: {
    code: 4252,
    message: 'The access token is invalid or has expired',
    recovery: 'retry',
    routine: true,
  },
  NO_SESSION_TO_REFRESH: {
    code: 4750,
    message: 'There is no valid session to refresh, sign in again',
    recovery: 'reject',
    routine: true,
  },

  // 6000 API server
  INTERNAL_ERROR: {
    code: 6000,
    message: 'An unexpected error occurred; it has been logged',
    recovery: 'alert',
  },
  SERVICE_NOT_READY: {
    code: 6002,
    message: 'The platform is starting up or busy, try again in 30 seconds',
    recovery: 'retry',
    routine: true,
  },
  INVALID_JSON_BODY: { code: 6500, message: 'The request body is not valid JSON', recovery: 'reject' },
  BODY_TOO_LARGE: { code: 6501, message: 'The request body is larger than 100 kB', recovery: 'reject' },
  UNSUPPORTED_CONTENT_TYPE: {
    code: 6502,
    message: 'The request body must be sent as application/json',
    recovery: 'reject',
  },
  INVALID_REQUEST: { code: 6503, message: 'The request is invalid', recovery: 'reject' },

  // 8000 configuration and database
  INVALID_CONFIG: { code: 8500, message: 'The configuration is invalid', recovery: 'alert' },
  DATABASE_UNAVAILABLE: { code: 8000, message: 'The database cannot be reached', recovery: 'retry' },
  MIGRATION_FAILED: { code: 8750, message: 'A database migration failed', recovery: 'alert' },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorName = keyof typeof ERRORS;
