import type { ErrorSpec } from '../catalogue.js';

/**
 * 4000 block: accounts, sessions, one-time codes, captcha (docs/accounts.md); 4400–4499 belong to the
 * IP blacklist (ip-blacklist.ts). Sign-in and password-update failures are deliberately one generic
 * error each, whatever went wrong, so that answers never tell which nicknames exist.
 */
export const ACCOUNT_ERRORS = {
  INVALID_CLIENT_IP: {
    code: 4000,
    message: 'The request does not come from a valid IP address',
    recovery: 'reject',
  },
  IP_BLACKLISTED: {
    code: 4001,
    message: 'Requests from this IP address are not allowed',
    recovery: 'reject',
    routine: true,
  },
  NOT_AUTHORIZED: {
    code: 4002,
    message: 'Your authority is not high enough for this action',
    recovery: 'reject',
    routine: true,
  },
  OTP_REQUIRED: {
    code: 4003,
    message: 'This action needs a one-time code in the otp-token header',
    recovery: 'reject',
    routine: true,
  },
  OTP_INVALID: {
    code: 4004,
    message: 'The one-time code is invalid, expired or already used',
    recovery: 'reject',
    routine: true,
  },
  SIGN_IN_FAILED: {
    code: 4005,
    message: 'The nickname, password, one-time code or captcha is wrong',
    recovery: 'reject',
    routine: true,
  },
  PASSWORD_UPDATE_FAILED: {
    code: 4006,
    message: 'The nickname, one-time code or captcha is wrong',
    recovery: 'reject',
    routine: true,
  },
  ROOT_PROTECTED: {
    code: 4007,
    message: 'The root account cannot be renamed, demoted or deleted',
    recovery: 'reject',
  },
  ATTEMPTS_THROTTLED: {
    code: 4008,
    message: 'Too many failed attempts: refused for a while',
    recovery: 'retry',
    routine: true,
  },
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
  USER_NOT_FOUND: { code: 4751, message: 'The user does not exist', recovery: 'reject' },
  SESSION_NOT_FOUND: {
    code: 4754,
    message: 'There is no such session among the ones you may end',
    recovery: 'reject',
  },
  NOT_YOUR_SESSIONS: {
    code: 4755,
    message: "Only root may list another user's sessions",
    recovery: 'reject',
  },
  NICKNAME_TAKEN: {
    code: 4752,
    message: 'Another user already has this nickname (nicknames ignore case)',
    recovery: 'reject',
  },
  SECRET_UNREADABLE: {
    code: 4753,
    message: 'A stored secret cannot be decrypted: was ENCRYPTION_KEY changed or the data folder mixed up?',
    recovery: 'alert',
  },
} as const satisfies Record<string, ErrorSpec>;
