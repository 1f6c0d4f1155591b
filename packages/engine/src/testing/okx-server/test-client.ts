import ccxt, { type okx } from 'ccxt';
import type { OkxServer } from './server.js';

/**
 * The real ccxt OKX client pointed at the stand-in (`urls.api.rest`), spot markets only, no
 * currency list, no client-side rate limiting (tests run fast), a 10 s timeout.
 */
export function okxClient(
  server: OkxServer,
  overrides: { secret?: string; password?: string; timeout?: number } = {},
): okx {
  const exchange = new ccxt.okx({
    apiKey: server.credentials.apiKey,
    secret: overrides.secret ?? server.credentials.secret,
    password: overrides.password ?? server.credentials.passphrase,
    timeout: overrides.timeout ?? 10_000,
    enableRateLimit: false,
    options: { fetchMarkets: { types: ['spot'] }, fetchCurrencies: false },
  });
  (exchange.urls.api as Record<string, string>).rest = server.url;
  return exchange;
}
