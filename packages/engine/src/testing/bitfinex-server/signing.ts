import { createHmac, timingSafeEqual } from 'node:crypto';
import type { KitRequest } from '../exchange-kit/index.js';
import { bitfinexError } from './bitfinex-error.js';

/** bfx-signature: hex HMAC-SHA384 with the secret over "/api/" + path + nonce + body (Bitfinex "Authenticated Endpoints"). */
export function bitfinexSign(secret: string, apiPath: string, nonce: string, body: string): string {
  return createHmac('sha384', secret).update(`/api/${apiPath}${nonce}${body}`).digest('hex');
}

export interface BitfinexCredentials {
  apiKey: string;
  secret: string;
}

function header(request: KitRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Verifies a private request: bfx-apikey known, bfx-signature over this path, nonce and body
 * (10100 "apikey: digest invalid" otherwise), and bfx-nonce a decimal integer greater than every
 * nonce the key used before (10114 "nonce: small"), checked after the signature so a forged
 * request cannot burn nonces.
 */
export function createBitfinexVerifier(credentials: BitfinexCredentials): (request: KitRequest) => void {
  let lastNonce = -1n;
  return (request) => {
    const key = header(request, 'bfx-apikey');
    const nonce = header(request, 'bfx-nonce');
    const signature = header(request, 'bfx-signature');
    if (!key || key !== credentials.apiKey) throw bitfinexError(10100, 'apikey: invalid');
    if (!nonce || !/^\d{1,30}$/.test(nonce)) throw bitfinexError(10114, 'nonce: invalid');
    const expected = Buffer.from(
      bitfinexSign(credentials.secret, request.path.slice(1), nonce, request.rawBody),
    );
    const given = Buffer.from(signature ?? '');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw bitfinexError(10100, 'apikey: digest invalid');
    }
    if (BigInt(nonce) <= lastNonce) throw bitfinexError(10114, 'nonce: small');
    lastNonce = BigInt(nonce);
  };
}
