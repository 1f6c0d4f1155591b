import ccxt, { type coinbase } from 'ccxt';
import type { CoinbaseServer } from './server.js';

/**
 * The real ccxt Coinbase client (Advanced Trade, EC key: ES256 JWTs) pointed at the stand-in,
 * no client-side rate limiting, a 10 s timeout (the timeout-fault tests shorten it).
 */
export function coinbaseClient(
  server: CoinbaseServer,
  overrides: { secret?: string; timeout?: number } = {},
): coinbase {
  const exchange = new ccxt.coinbase({
    apiKey: server.credentials.keyName,
    secret: overrides.secret ?? server.credentials.privateKeyPem,
    timeout: overrides.timeout ?? 10_000,
    enableRateLimit: false,
  });
  (exchange.urls.api as Record<string, string>).rest = server.url;
  return exchange;
}
