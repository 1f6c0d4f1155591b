import { CodedError, parseWith } from '@balancer/core';
import { z } from 'zod';
import { CCXT_EXCHANGE_IDS } from '../ccxt/config.js';
import { profileOf } from '../ccxt/exchange-profile.js';
import { capabilitiesOf } from './capabilities.js';

const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'expected a non-negative decimal string');
const balances = z.record(z.string().regex(/^[A-Z0-9]{1,10}$/), decimal);
const symbol = z.string().regex(/^[A-Z0-9]{2,10}\/[A-Z0-9]{2,10}$/, "expected 'BASE/QUOTE', e.g. 'BTC/USDT'");
/** Test overrides of a ccxt exchange's REST and websocket endpoints (the local Binance server). */
const endpoints = {
  apiUrl: z.url().optional(),
  wsUrl: z.url({ protocol: /^wss?$/ }).optional(),
  timeoutMs: z.int().min(50).max(120_000).optional(),
  /** Serve book, tickers and candles from websocket streams where ccxt has them (see docs/exchanges.md). */
  streams: z.boolean().default(false),
  /** ccxt's throttle in ms per cost unit (a local stand-in's tests); default the exchange's. */
  rateLimitMs: z.int().min(1).max(60_000).optional(),
  /** The exchange's sandbox / testnet (not real money), where it has one. */
  sandbox: z.boolean().default(false),
};

/** Options of `createExchange`, one variant per kind (docs/exchanges.md). */
export const exchangeOptionsSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('simulator'),
    /** Market ms per wall ms (60: one 15 m candle per 15 s). */
    speed: z.number().positive().max(1_000_000).optional(),
    seed: z.int().min(0).max(0xffff_ffff).optional(),
    /** Open time (ms) of the file candle to start at. */
    startTime: z.int().optional(),
    /**
     * Wall time (epoch ms) the replay started at; default now. Pass the first start's time after a
     * restart so the replay (and its market clock) continues instead of starting over.
     */
    wallStart: z.int().min(0).optional(),
    balances: balances.optional(),
    feePercent: decimal.optional(),
    /** A candle file to replay instead of the shipped Binance BTC/USDT 15 m file. */
    dataFile: z.string().min(1).optional(),
  }),
  z.strictObject({
    kind: z.literal('paper'),
    exchange: z.enum(CCXT_EXCHANGE_IDS),
    symbol: symbol.optional(),
    balances: balances.optional(),
    feePercent: decimal.optional(),
    ...endpoints,
  }),
  z.strictObject({
    kind: z.literal('live'),
    exchange: z.enum(CCXT_EXCHANGE_IDS),
    apiKey: z.string().min(1),
    secret: z.string().min(1),
    /** OKX's API passphrase (the third part of its keys); unused elsewhere. */
    passphrase: z.string().min(1).optional(),
    symbol: symbol.optional(),
    ...endpoints,
  }),
]);

export type ExchangeOptionsInput = z.input<typeof exchangeOptionsSchema>;
export type ExchangeOptions = z.output<typeof exchangeOptionsSchema>;

/**
 * Validates the options: EXCHANGE_CONFIG_INVALID naming every bad field (never a key's value),
 * EXCHANGE_TRADING_UNSUPPORTED for live trading on a market-data-only exchange.
 */
export function parseExchangeOptions(input: unknown): ExchangeOptions {
  const options = parseWith(exchangeOptionsSchema, input, 'EXCHANGE_CONFIG_INVALID');
  if (options.kind === 'live' && !capabilitiesOf(options.exchange)?.liveTrading) {
    throw new CodedError(
      'EXCHANGE_TRADING_UNSUPPORTED',
      `${options.exchange}: market data only; use kind 'paper', or an exchange with live trading (docs/exchanges.md)`,
    );
  }
  if (options.kind === 'live' && options.exchange === 'okx' && options.passphrase === undefined) {
    throw new CodedError(
      'EXCHANGE_CONFIG_INVALID',
      'okx: passphrase is required (its keys have three parts)',
    );
  }
  if (options.kind !== 'simulator' && options.sandbox && !profileOf(options.exchange).sandbox) {
    throw new CodedError(
      'EXCHANGE_CONFIG_INVALID',
      `${options.exchange} has no sandbox: sandbox must be off`,
    );
  }
  return options;
}

/** The market of a ccxt variant as base and quote (default: the exchange's default symbol). */
export function marketOf(options: { exchange: string; symbol?: string | undefined }): {
  base: string;
  quote: string;
} {
  const [base, quote] = (
    options.symbol ??
    capabilitiesOf(options.exchange)?.defaultSymbol ??
    'BTC/USDT'
  ).split('/');
  return { base: base ?? 'BTC', quote: quote ?? 'USDT' };
}
