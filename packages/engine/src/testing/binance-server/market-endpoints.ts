import { Decimal } from '@balancer/core';
import { binanceError, missingParam } from './binance-error.js';
import type { BinanceServerState } from './exchange-state.js';
import { exchangeInfo } from './symbols.js';
import type { ServerCandle, ServerSymbol } from './types.js';

/** Interval lengths in ms of the klines intervals the server knows. */
export const INTERVAL_MS: Record<string, number> = {
  '1m': 60_000,
  '3m': 180_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '2h': 7_200_000,
  '4h': 14_400_000,
  '6h': 21_600_000,
  '8h': 28_800_000,
  '12h': 43_200_000,
  '1d': 86_400_000,
};
const DAY_MS = 86_400_000;

/** The listed symbol a request names; −1102 when absent, −1121 when unknown. */
export function symbolOf(state: BinanceServerState, params: Record<string, string>): ServerSymbol {
  const name = params.symbol;
  if (name === undefined || name === '') throw missingParam('symbol');
  const found = state.symbols.find((s) => s.symbol === name);
  if (!found) throw binanceError(-1121);
  return found;
}

/** A positive integer `limit`, capped at `max`; −1100 when malformed. */
export function limitOf(raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0)
    throw binanceError(-1100, "Illegal characters found in parameter 'limit'.");
  return Math.min(n, max);
}

/** GET /api/v3/klines: Binance's 12-field arrays; limit default 500, max 1000. */
export function klines(state: BinanceServerState, params: Record<string, string>): unknown[] {
  const symbol = symbolOf(state, params);
  const interval = params.interval;
  if (interval === undefined) throw missingParam('interval');
  const step = INTERVAL_MS[interval];
  if (step === undefined) throw binanceError(-1120, 'Invalid interval.');
  const limit = limitOf(params.limit, 500, 1000);
  const start = params.startTime === undefined ? undefined : Number(params.startTime);
  const end = params.endTime === undefined ? undefined : Number(params.endTime);
  let series = (state.candles[`${symbol.symbol}:${interval}`] ?? []).filter(
    (c) => (start === undefined || c.openTime >= start) && (end === undefined || c.openTime <= end),
  );
  // With a startTime Binance returns the first `limit` from it, otherwise the latest `limit`.
  series = start === undefined ? series.slice(-limit) : series.slice(0, limit);
  return series.map((c) => klineRow(c, step));
}

export function klineRow(c: ServerCandle, step: number): unknown[] {
  const quoteVolume = new Decimal(c.volume).times(c.close).toFixed(8);
  return [
    c.openTime,
    c.open,
    c.high,
    c.low,
    c.close,
    c.volume,
    c.openTime + step - 1,
    quoteVolume,
    100,
    '0',
    '0',
    '0',
  ];
}

/** GET /api/v3/depth: limit default 100, max 5000. */
export function depth(state: BinanceServerState, params: Record<string, string>): unknown {
  const symbol = symbolOf(state, params);
  const limit = limitOf(params.limit, 100, 5000);
  const book = state.books[symbol.symbol] ?? { bids: [], asks: [], lastUpdateId: 0 };
  return {
    lastUpdateId: book.lastUpdateId,
    bids: book.bids.slice(0, limit),
    asks: book.asks.slice(0, limit),
  };
}

/** The candles of the latest 24 h of a symbol (its '1m' series, else '1h', else none). */
function lastDay(state: BinanceServerState, symbol: string): ServerCandle[] {
  const series = state.candles[`${symbol}:1m`] ?? state.candles[`${symbol}:1h`] ?? [];
  const last = series.at(-1);
  return last === undefined ? [] : series.filter((c) => c.openTime > last.openTime - DAY_MS);
}

export function ticker24h(state: BinanceServerState, s: ServerSymbol): Record<string, unknown> {
  const day = lastDay(state, s.symbol);
  const book = state.books[s.symbol];
  const last = day.at(-1)?.close ?? s.lastPrice;
  const open = day[0]?.open ?? s.lastPrice;
  const high = day.reduce((m, c) => Decimal.max(m, c.high), new Decimal(last));
  const low = day.reduce((m, c) => Decimal.min(m, c.low), new Decimal(last));
  const volume =
    day.length === 0 ? new Decimal(s.volume) : day.reduce((m, c) => m.plus(c.volume), new Decimal(0));
  const change = new Decimal(last).minus(open);
  const now = state.now();
  return {
    symbol: s.symbol,
    priceChange: change.toFixed(8),
    priceChangePercent: change.div(open).times(100).toFixed(3),
    weightedAvgPrice: last,
    prevClosePrice: open,
    lastPrice: last,
    lastQty: '0.00100000',
    bidPrice: book?.bids[0]?.[0] ?? last,
    bidQty: book?.bids[0]?.[1] ?? '0',
    askPrice: book?.asks[0]?.[0] ?? last,
    askQty: book?.asks[0]?.[1] ?? '0',
    openPrice: open,
    highPrice: high.toFixed(),
    lowPrice: low.toFixed(),
    volume: volume.toFixed(8),
    quoteVolume: volume.times(last).toFixed(8),
    openTime: now - DAY_MS,
    closeTime: now,
    firstId: 1,
    lastId: 100,
    count: 100,
  };
}

/** The symbols a ticker request names: `symbol`, `symbols=["A","B"]`, or all. */
function tickerSymbols(state: BinanceServerState, params: Record<string, string>): ServerSymbol[] | null {
  if (params.symbol !== undefined) return null;
  if (params.symbols === undefined) return state.symbols;
  let names: unknown;
  try {
    names = JSON.parse(params.symbols);
  } catch {
    throw binanceError(-1100, "Illegal characters found in parameter 'symbols'.");
  }
  if (!Array.isArray(names)) throw binanceError(-1100, "Illegal characters found in parameter 'symbols'.");
  return names.map((name) => symbolOf(state, { symbol: String(name) }));
}

/** GET /api/v3/ticker/24hr: one object for `symbol`, an array otherwise. */
export function ticker24hr(state: BinanceServerState, params: Record<string, string>): unknown {
  const many = tickerSymbols(state, params);
  return many === null ? ticker24h(state, symbolOf(state, params)) : many.map((s) => ticker24h(state, s));
}

/** GET /api/v3/ticker/price: `{symbol, price}`, one or an array. */
export function tickerPrice(state: BinanceServerState, params: Record<string, string>): unknown {
  const price = (s: ServerSymbol) => ({ symbol: s.symbol, price: ticker24h(state, s).lastPrice });
  const many = tickerSymbols(state, params);
  return many === null ? price(symbolOf(state, params)) : many.map(price);
}

/** Routes of the public endpoints, by path. */
export const PUBLIC_ROUTES: Record<
  string,
  (state: BinanceServerState, params: Record<string, string>) => unknown
> = {
  '/api/v3/ping': () => ({}),
  '/api/v3/time': (state) => ({ serverTime: state.now() }),
  '/api/v3/exchangeInfo': (state) => exchangeInfo(state.symbols, state.now()),
  '/api/v3/klines': klines,
  '/api/v3/depth': depth,
  '/api/v3/ticker/24hr': ticker24hr,
  '/api/v3/ticker/price': tickerPrice,
};
