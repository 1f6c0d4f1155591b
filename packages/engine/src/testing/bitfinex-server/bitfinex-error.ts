import { KitHttpError, type KitResponse } from '../exchange-kit/index.js';

/**
 * Bitfinex v2 errors are `["error", CODE, "message"]`, HTTP 500 (docs "Abbreviations Glossary",
 * "Error codes"): 10020 request parameters, 10100 failed authentication, 10114 nonce, 11010 rate
 * limit, 20060 maintenance. A 503 from the edge is `{ code: 503, error: "temporarily_unavailable" }`.
 */
export function bitfinexError(code: number, message: string, status = 500): KitHttpError {
  return new KitHttpError({ status, body: ['error', code, message] }, `${code} ${message}`);
}

/**
 * A rate limit: HTTP 429 `["error", 11010, "ratelimit: error"]`; variant 'object' is the other
 * documented form, `{ "error": "ERR_RATE_LIMIT" }`.
 */
export const rateLimited = (variant?: string): KitResponse => ({
  status: 429,
  body: variant === 'object' ? { error: 'ERR_RATE_LIMIT' } : ['error', 11010, 'ratelimit: error'],
});

/** 5xx: the edge's 503 `temporarily_unavailable`; variant 'maintenance' is 500 with code 20060. */
export const unavailable = (status: number, variant?: string): KitResponse =>
  variant === 'maintenance'
    ? { status: 500, body: ['error', 20060, 'maintenance'] }
    : {
        status,
        body: {
          code: status,
          error: 'temporarily_unavailable',
          error_description:
            'Sorry, the service is temporarily unavailable. See https://www.bitfinex.com/ for more info.',
        },
      };
