import type { ErrorSpec } from '../catalogue.js';

/** 4000 block: accounts, sessions, one-time codes, captcha, IP blacklist (reference §3.3). */
export const ACCOUNT_ERRORS = {
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
} as const satisfies Record<string, ErrorSpec>;
