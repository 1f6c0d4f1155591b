import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { KrakenError } from './kraken-error.js';

/**
 * Kraken's REST authentication, as its documentation states it ("Spot REST Authentication"):
 * `API-Sign` = base64(HMAC-SHA512(key = base64-decoded private key, message = URI path + SHA-256(nonce
 * + POST data))), where the URI path starts at /0/private and the POST data is the form-encoded body
 * (which carries `nonce`). The nonce is an always increasing unsigned 64-bit integer per key.
 */
export function krakenSignature(path: string, nonce: string, body: string, secret: string): string {
  const digest = createHash('sha256')
    .update(nonce + body)
    .digest();
  return createHmac('sha512', Buffer.from(secret, 'base64'))
    .update(Buffer.concat([Buffer.from(path), digest]))
    .digest('base64');
}

export interface SignedRequest {
  path: string;
  body: string;
  apiKeyHeader: string | undefined;
  signHeader: string | undefined;
}

/**
 * Checks one private request and returns its nonce: EAPI:Invalid key for a missing or unknown
 * API-Key, EAPI:Invalid signature for a wrong API-Sign, EAPI:Invalid nonce for a nonce that is not
 * a decimal integer greater than the last one this key used (`lastNonce`).
 */
export function verifyKrakenRequest(
  request: SignedRequest,
  key: { apiKey: string; secret: string; lastNonce: bigint },
): bigint {
  if (request.apiKeyHeader !== key.apiKey) throw new KrakenError('EAPI:Invalid key');
  const nonce = new URLSearchParams(request.body).get('nonce') ?? '';
  if (!/^\d{1,20}$/.test(nonce)) throw new KrakenError('EAPI:Invalid nonce');
  const expected = Buffer.from(krakenSignature(request.path, nonce, request.body, key.secret));
  const given = Buffer.from(request.signHeader ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new KrakenError('EAPI:Invalid signature');
  }
  const value = BigInt(nonce);
  if (value <= key.lastNonce) throw new KrakenError('EAPI:Invalid nonce');
  return value;
}
