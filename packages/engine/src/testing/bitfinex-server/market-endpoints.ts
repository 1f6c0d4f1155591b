import {
  type KitMarket,
  type KitRequest,
  type KitRoute,
  type KitState,
  openRoute,
} from '../exchange-kit/index.js';
import { bitfinexError } from './bitfinex-error.js';

/** Bitfinex's own currency ids where they differ (USDT is UST). */
const IDS: Record<string, string> = { USDT: 'UST' };
export const currencyIdOf = (code: string): string => IDS[code] ?? code;
/** Trading pair symbols: t + base id + quote id (tBTCUSD, tBTCUST). */
export const pairOf = (market: KitMarket): string =>
  `${currencyIdOf(market.base)}${currencyIdOf(market.quote)}`;
export const symbolOf = (market: KitMarket): string => `t${pairOf(market)}`;

export function marketOf(state: KitState, symbol: string | undefined): KitMarket {
  for (const market of state.account.markets.values()) if (symbolOf(market) === symbol) return market;
  throw bitfinexError(10020, 'symbol: invalid');
}

const num = (value: string): number => Number(value);

/**
 * GET /v2/conf/{keys}: an array with one value per comma-separated key. Served: pub:list:pair:exchange and
 * pub:list:pair:margin (pair names), pub:info:pair (per pair [..., MIN_ORDER_SIZE,
 * MAX_ORDER_SIZE, ...] at indexes 3 and 4), pub:list:currency, and empty lists for the rest
 * (futures, securities, the currency maps): the stand-in lists spot pairs only.
 */
function conf(state: KitState, request: KitRequest): unknown {
  const markets = [...state.account.markets.values()];
  const currencies = [...new Set(markets.flatMap((m) => [currencyIdOf(m.base), currencyIdOf(m.quote)]))];
  return (request.params.config ?? '').split(',').map((key) => {
    if (key === 'pub:list:pair:exchange' || key === 'pub:list:pair:margin') return markets.map(pairOf);
    if (key === 'pub:info:pair') {
      return markets.map((m) => [
        pairOf(m),
        [null, null, null, m.minAmount, '2000.0', null, null, null, null, null, null, null],
      ]);
    }
    if (key === 'pub:list:currency') return currencies;
    return [];
  });
}

/** GET /v2/ticker/{symbol}: [BID, BID_SIZE, ASK, ASK_SIZE, DAILY_CHANGE, DAILY_CHANGE_RELATIVE, LAST_PRICE, VOLUME, HIGH, LOW]. */
function ticker(state: KitState, request: KitRequest): unknown {
  return tickerRow(marketOf(state, request.params.symbol));
}

/**
 * GET /v2/tickers?symbols=tBTCUSD,tETHUSD (or ALL): one row per listed pair, the symbol first,
 * then the ticker's fields; pairs not listed are left out.
 */
function tickers(state: KitState, request: KitRequest): unknown {
  const wanted = (request.query.symbols ?? 'ALL').split(',');
  const rows: unknown[] = [];
  for (const market of state.account.markets.values()) {
    const symbol = symbolOf(market);
    if (wanted.includes('ALL') || wanted.includes(symbol)) rows.push([symbol, ...tickerRow(market)]);
  }
  return rows;
}

function tickerRow(market: KitMarket): number[] {
  const [bid] = market.book.bids;
  const [ask] = market.book.asks;
  const last = num(market.lastPrice);
  return [
    num(bid?.[0] ?? '0'),
    num(bid?.[1] ?? '0'),
    num(ask?.[0] ?? '0'),
    num(ask?.[1] ?? '0'),
    0,
    0,
    last,
    0,
    last,
    last,
  ];
}

/**
 * GET /v2/book/{symbol}/{P0…P4 | R0}?len (1, 25 or 100, default 25): bids then asks, ask amounts
 * negative; aggregated rows [PRICE, COUNT, AMOUNT], raw (R0) rows [ORDER_ID, PRICE, AMOUNT].
 */
function book(state: KitState, request: KitRequest): unknown {
  const market = marketOf(state, request.params.symbol);
  const precision = request.params.precision ?? '';
  if (!/^(P[0-4]|R0)$/.test(precision)) throw bitfinexError(10020, 'prec: invalid');
  const len = Number(request.query.len ?? '25');
  if (![1, 25, 100].includes(len)) throw bitfinexError(10020, 'len: invalid');
  let orderId = 0;
  const row = (price: string, amount: number) =>
    precision === 'R0' ? [++orderId, num(price), amount] : [num(price), 1, amount];
  const bids = market.book.bids.slice(0, len).map(([p, q]) => row(p, num(q)));
  const asks = market.book.asks.slice(0, len).map(([p, q]) => row(p, -num(q)));
  return [...bids, ...asks];
}

/**
 * GET /v2/candles/trade:{tf}:{symbol}/hist?start&end&limit&sort: [[MTS, OPEN, CLOSE, HIGH, LOW,
 * VOLUME]], newest first unless sort=1; limit default 100 (max 10000).
 */
function candles(state: KitState, request: KitRequest): unknown {
  const [, timeframe, symbol] = (request.params.key ?? '').split(':');
  const market = marketOf(state, symbol);
  const interval = (timeframe ?? '').replace(/^1D$/, '1d').replace(/^1W$/, '1w');
  const start = Number(request.query.start ?? Number.NEGATIVE_INFINITY);
  const end = Number(request.query.end ?? Number.POSITIVE_INFINITY);
  const limit = Math.min(Number(request.query.limit ?? '100') || 100, 10_000);
  const series = (market.candles[interval] ?? []).filter((c) => c.openTime >= start && c.openTime <= end);
  const ordered = request.query.sort === '1' ? series.slice(0, limit) : series.reverse().slice(0, limit);
  return ordered.map((c) => [c.openTime, num(c.open), num(c.close), num(c.high), num(c.low), num(c.volume)]);
}

export function marketRoutes(state: KitState): KitRoute[] {
  return [
    openRoute('GET', '/v2/platform/status', () => [1]),
    openRoute('GET', '/v2/conf/:config', (r) => conf(state, r)),
    openRoute('GET', '/v2/ticker/:symbol', (r) => ticker(state, r)),
    openRoute('GET', '/v2/tickers', (r) => tickers(state, r)),
    openRoute('GET', '/v2/book/:symbol/:precision', (r) => book(state, r)),
    openRoute('GET', '/v2/candles/:key/hist', (r) => candles(state, r)),
  ];
}
