import { parseWith } from '@balancer/core';
import { z } from 'zod';

/** The exchanges this adapter is built for; ccxt ids (trading is enabled per exchange in factory/capabilities.ts). */
export const CCXT_EXCHANGE_IDS = ['binance', 'bitfinex', 'kraken', 'coinbase', 'okx'] as const;
export type CcxtExchangeId = (typeof CCXT_EXCHANGE_IDS)[number];

/** An asset code: 1–10 upper-case letters or digits (Wormhole's is `W`). */
const asset = z.string().regex(/^[A-Z0-9]{1,10}$/);

/** Options of `createCcxtExchange`. */
export const ccxtExchangeOptionsSchema = z.strictObject({
  exchangeId: z.enum(CCXT_EXCHANGE_IDS),
  apiKey: z.string().min(1).optional(),
  secret: z.string().min(1).optional(),
  /** OKX's API passphrase (ccxt `password`), sent with every private request; required for OKX trading. */
  passphrase: z.string().min(1).optional(),
  /** The traded market is `${base}/${quote}`. */
  base: asset.default('BTC'),
  quote: asset,
  /**
   * Test override: the REST base of the exchange's spot api (e.g. http://127.0.0.1:PORT/api/v3);
   * every ccxt `urls.api` key that holds the production spot v3 base is pointed at it.
   */
  apiUrl: z.url().optional(),
  /**
   * Test override: the websocket base of the exchange's spot streams (Binance: urls.api.ws.spot,
   * e.g. ws://127.0.0.1:PORT/ws).
   */
  wsUrl: z.url({ protocol: /^wss?$/ }).optional(),
  /**
   * Serve the book, tickers and candles from ccxt's websocket streams where the exchange has them
   * (ccxt `has.watchOrderBook` …), falling back to REST while a stream is down (streams.ts).
   */
  streams: z.boolean().default(false),
  /** The exchange's sandbox/testnet (not real money) where it has one (exchange-profile.ts). */
  sandbox: z.boolean().default(false),
  /**
   * ccxt's throttle, ms per request-cost unit (default: ccxt's figure for the exchange, e.g. Kraken
   * 1000). A local stand-in has no limits of its own, so its tests may pass a small one.
   */
  rateLimitMs: z.int().min(1).max(60_000).optional(),
  /** ccxt's per-request timeout, ms (ccxt's default is 10 s). */
  timeoutMs: z.int().min(50).max(120_000).default(10_000),
});

export type CcxtExchangeOptions = z.input<typeof ccxtExchangeOptionsSchema>;
export type CcxtExchangeConfig = z.output<typeof ccxtExchangeOptionsSchema>;

/** Validates the options (EXCHANGE_CCXT_CONFIG_INVALID naming every bad field, never echoing secrets). */
export function parseCcxtExchangeOptions(input: unknown): CcxtExchangeConfig {
  return parseWith(ccxtExchangeOptionsSchema, input, 'EXCHANGE_CCXT_CONFIG_INVALID');
}
