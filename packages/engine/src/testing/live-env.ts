import type { BinanceServer } from './binance-server/index.js';
import type { BitfinexServer } from './bitfinex-server/index.js';
import type { CoinbaseServer } from './coinbase-server/index.js';
import type { KrakenServer } from './kraken-server/index.js';
import type { OkxServer } from './okx-server/index.js';

/**
 * The settings that point a live Balancer server at a running stand-in: the exchange, its REST base
 * (EXCHANGE_API_URL) and the test credentials it accepts (play money, never real keys). The caller
 * adds QUOTE_ASSET where the market is not the exchange's default, and STAND_IN_RATE_LIMIT.
 */
type LiveEnv = Record<string, string>;

/** The stand-ins have no limits but injected ones: ccxt's own throttles would only slow a run. */
export const STAND_IN_RATE_LIMIT = { EXCHANGE_RATE_LIMIT_MS: '20' } as const;

export function binanceLiveEnv(server: BinanceServer): LiveEnv {
  return {
    EXCHANGE: 'binance',
    EXCHANGE_API_URL: `${server.url}/api/v3`,
    EXCHANGE_API_KEY: server.state.apiKey,
    // startBinanceServer's default secret.
    EXCHANGE_API_SECRET: 'test-secret',
  };
}

export function krakenLiveEnv(server: KrakenServer): LiveEnv {
  return {
    EXCHANGE: 'kraken',
    EXCHANGE_API_URL: server.url,
    EXCHANGE_API_KEY: server.state.apiKey,
    EXCHANGE_API_SECRET: server.state.secret,
  };
}

export function okxLiveEnv(server: OkxServer): LiveEnv {
  const { apiKey, secret, passphrase } = server.credentials;
  return {
    EXCHANGE: 'okx',
    EXCHANGE_API_URL: server.url,
    EXCHANGE_API_KEY: apiKey,
    EXCHANGE_API_SECRET: secret,
    EXCHANGE_API_PASSPHRASE: passphrase,
  };
}

export function coinbaseLiveEnv(server: CoinbaseServer): LiveEnv {
  return {
    EXCHANGE: 'coinbase',
    EXCHANGE_API_URL: server.url,
    EXCHANGE_API_KEY: server.credentials.keyName,
    EXCHANGE_API_SECRET: server.credentials.privateKeyPem ?? '',
  };
}

export function bitfinexLiveEnv(server: BitfinexServer): LiveEnv {
  return {
    EXCHANGE: 'bitfinex',
    EXCHANGE_API_URL: server.url,
    EXCHANGE_API_KEY: server.credentials.apiKey,
    EXCHANGE_API_SECRET: server.credentials.secret,
  };
}
