import { KitHttpError, type KitResponse } from '../exchange-kit/index.js';

/**
 * Advanced Trade errors are `{ error, error_details, message }` with an HTTP status (the gRPC
 * style names: INVALID_ARGUMENT, NOT_FOUND …); a refused JWT is HTTP 401 with the plain text
 * "Unauthorized"; a rate limit is HTTP 429 with `{ errors: [{ id: "rate_limit_exceeded" }] }`
 * (Coinbase's "Rate Limits" and "Errors" pages).
 */
export function coinbaseError(status: number, error: string, message: string): KitHttpError {
  return new KitHttpError({ status, body: { error, error_details: message, message } });
}

/** Why a JWT was refused is not told to the client (the log keeps it for tests). */
export class Unauthorized extends KitHttpError {
  constructor(reason: string) {
    super({ status: 401, body: null, text: 'Unauthorized\n' }, reason);
  }
}

export const RATE_LIMITED: KitResponse = {
  status: 429,
  body: { errors: [{ id: 'rate_limit_exceeded', message: 'Too many requests' }] },
};

export const UNAVAILABLE = (status: number): KitResponse => ({
  status,
  body: null,
  text: 'Service Unavailable\n',
});
