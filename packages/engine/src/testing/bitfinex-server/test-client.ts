import ccxt, { type bitfinex } from 'ccxt';
import type { BitfinexServer } from './server.js';

/**
 * The real ccxt Bitfinex (v2) client pointed at the stand-in (public and private bases). ccxt's
 * nonce is the millisecond clock, so two private calls in one millisecond carry the same nonce
 * and the second is refused (10114, as Bitfinex does): the client here makes its nonce strictly
 * increasing, as a caller of Bitfinex must.
 */
export function bitfinexClient(
  server: BitfinexServer,
  overrides: { secret?: string; timeout?: number } = {},
): bitfinex {
  const exchange = new ccxt.bitfinex({
    apiKey: server.credentials.apiKey,
    secret: overrides.secret ?? server.credentials.secret,
    timeout: overrides.timeout ?? 10_000,
    enableRateLimit: false,
  });
  const api = exchange.urls.api as Record<string, string>;
  api.public = server.url;
  api.private = server.url;
  let last = 0;
  exchange.nonce = () => {
    last = Math.max(Date.now(), last + 1);
    return last;
  };
  return exchange;
}
