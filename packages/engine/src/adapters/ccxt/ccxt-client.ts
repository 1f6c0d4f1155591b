import type { Exchange } from 'ccxt';
import type { CcxtExchangeConfig } from './config.js';
import { profileOf } from './exchange-profile.js';
import { monotonicNonce } from './nonce.js';

/**
 * Builds the ccxt instance. ccxt costs ~0.4 s and ~100 MB to import, so it is imported here, on
 * first use, never at module load. Markets load with one call (spot only, no currencies, no
 * margins); with `apiUrl`, every `urls.api` entry holding the production spot base (Binance:
 * `public` and `private`, https://api.binance.com/api/v3) is pointed at it, and with `wsUrl`
 * the spot websocket base. With `streams`, the ccxt pro class is used (same REST behaviour).
 * `role`: the adapter keeps two clients, one for market data and one for the account and orders,
 * each with its own rate limiter, so an order never waits behind queued market-data calls; the
 * trading client's nonces strictly increase where the exchange demands it (exchange-profile.ts).
 */
export async function createCcxtClient(
  config: CcxtExchangeConfig,
  role: 'data' | 'trading' = 'data',
): Promise<{ exchange: Exchange; tickSizeMode: boolean }> {
  const ccxt = await import('ccxt');
  const profile = profileOf(config.exchangeId);
  // The pro classes extend the REST ones with the watch… methods; used only with streams.
  const classes: Record<CcxtExchangeConfig['exchangeId'], typeof Exchange> =
    config.streams && role === 'data'
      ? {
          binance: ccxt.pro.binance,
          bitfinex: ccxt.pro.bitfinex,
          kraken: ccxt.pro.kraken,
          coinbase: ccxt.pro.coinbase,
          okx: ccxt.pro.okx,
        }
      : {
          binance: ccxt.binance,
          bitfinex: ccxt.bitfinex,
          kraken: ccxt.kraken,
          coinbase: ccxt.coinbase,
          okx: ccxt.okx,
        };
  const exchange = new classes[config.exchangeId]({
    apiKey: config.apiKey,
    secret: config.secret,
    ...(config.passphrase === undefined ? {} : { password: config.passphrase }),
    timeout: config.timeoutMs,
    enableRateLimit: true,
    ...(config.rateLimitMs === undefined ? {} : { rateLimit: config.rateLimitMs }),
    options: {
      fetchMarkets: { types: ['spot'] },
      fetchCurrencies: false,
      fetchMargins: false,
      ...profile.ccxtOptions,
    },
    // The trading client's limiter starts with the exchange's documented burst, so an order is
    // not held behind the throttle of the calls before it (issue 34: a manual increase took ~60 s).
    ...(role === 'trading' && profile.privateBurst !== undefined
      ? { tokenBucket: { capacity: profile.privateBurst, tokens: profile.privateBurst } }
      : {}),
  });
  if (role === 'trading' && profile.serialPrivate) {
    exchange.nonce = monotonicNonce(exchange.nonce.bind(exchange));
  }
  if (config.sandbox) exchange.setSandboxMode(true);
  if (config.apiUrl) pointAt(exchange, config.apiUrl);
  if (config.wsUrl) {
    streamsAt(exchange, config.wsUrl);
    // ccxt opens plain ws:// connections only through an explicitly loaded http agent.
    if (config.wsUrl.startsWith('ws://')) await exchange.loadHttpProxyAgent();
  }
  return { exchange, tickSizeMode: exchange.precisionMode === ccxt.default.TICK_SIZE };
}

function pointAt(exchange: Exchange, apiUrl: string): void {
  const api = exchange.urls.api as Record<string, unknown>;
  const spot = api.public;
  for (const [key, value] of Object.entries(api)) {
    // OKX has one REST base for both (`rest`).
    const base = key === 'private' || key === 'rest';
    if ((spot !== undefined && value === spot) || (base && typeof value === 'string')) api[key] = apiUrl;
  }
  // Binance's key permissions are on its SAPI base (/sapi/v1, beside /api/v3): it follows the
  // spot base, so a key is never sent to the production host when the adapter points elsewhere.
  if (typeof api.sapi === 'string') api.sapi = sapiBase(apiUrl);
}

/** http://host:port/api/v3 → http://host:port/sapi/v1; any other base → its origin + /sapi/v1. */
export function sapiBase(apiUrl: string): string {
  const trimmed = apiUrl.replace(/\/+$/, '');
  if (/\/api\/v3$/.test(trimmed)) return trimmed.replace(/\/api\/v3$/, '/sapi/v1');
  return new URL('/sapi/v1', trimmed).toString();
}

/** Points the spot websocket base (Binance: `urls.api.ws.spot`; a plain string elsewhere) at `wsUrl`. */
function streamsAt(exchange: Exchange, wsUrl: string): void {
  const api = exchange.urls.api as Record<string, unknown>;
  const ws = api.ws;
  if (typeof ws === 'object' && ws !== null) (ws as Record<string, unknown>).spot = wsUrl;
  else api.ws = wsUrl;
}
