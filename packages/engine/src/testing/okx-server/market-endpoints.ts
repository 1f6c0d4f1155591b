import { Decimal } from '@balancer/core';
import {
  type KitMarket,
  type KitRequest,
  type KitRoute,
  type KitState,
  openRoute,
} from '../exchange-kit/index.js';
import { okxError } from './okx-error.js';

/** OKX spot instrument ids are BASE-QUOTE. */
export const instIdOf = (market: KitMarket): string => `${market.base}-${market.quote}`;

export function marketOf(state: KitState, instId: string | undefined): KitMarket {
  if (!instId) throw okxError('50014', 400, 'instId');
  for (const market of state.account.markets.values()) if (instIdOf(market) === instId) return market;
  throw okxError('51001');
}

/** Every answer of OKX v5: `{ code: "0", msg: "", data: [...] }`. */
export const ok = (data: unknown[]): unknown => ({ code: '0', msg: '', data });

function instrument(market: KitMarket, listTime: number): Record<string, string> {
  return {
    instType: 'SPOT',
    instId: instIdOf(market),
    uly: '',
    instFamily: '',
    baseCcy: market.base,
    quoteCcy: market.quote,
    settleCcy: '',
    ctVal: '',
    ctMult: '',
    ctValCcy: '',
    optType: '',
    stk: '',
    listTime: String(listTime),
    expTime: '',
    lever: '',
    tickSz: market.priceStep,
    lotSz: market.amountStep,
    minSz: market.minAmount,
    ctType: '',
    alias: '',
    state: 'live',
    maxLmtSz: '9999999999',
    maxMktSz: '1000000',
    maxLmtAmt: '20000000',
    maxMktAmt: '1000000',
    ruleType: 'normal',
  };
}

const LIST_TIME = 1_548_133_413_000;

/** GET /api/v5/market/ticker: last price, best bid/ask of the book, 24 h figures from the candles. */
function ticker(state: KitState, request: KitRequest): unknown {
  return ok([tickerRow(state, marketOf(state, request.query.instId))]);
}

/** "Get tickers" (GET /api/v5/market/tickers?instType=SPOT): every spot market's ticker. */
function tickers(state: KitState, request: KitRequest): unknown {
  if (request.query.instType !== 'SPOT') throw okxError('51000', 400, 'instType');
  return ok([...state.account.markets.values()].map((market) => tickerRow(state, market)));
}

function tickerRow(state: KitState, market: KitMarket) {
  const [bid] = market.book.bids;
  const [ask] = market.book.asks;
  const last = market.lastPrice;
  return {
    instType: 'SPOT',
    instId: instIdOf(market),
    last,
    lastSz: '0.001',
    askPx: ask?.[0] ?? '',
    askSz: ask?.[1] ?? '',
    bidPx: bid?.[0] ?? '',
    bidSz: bid?.[1] ?? '',
    open24h: last,
    high24h: last,
    low24h: last,
    volCcy24h: '0',
    vol24h: '0',
    sodUtc0: last,
    sodUtc8: last,
    ts: String(state.clock.now()),
  };
}

/** GET /api/v5/market/books: `sz` levels a side (default 1, max 400), [px, sz, "0", orders]. */
/** "Get order book" (sz ≤ 400) and "Get full order book" (books-full, sz ≤ 5000). */
function books(state: KitState, request: KitRequest, maxDepth: number): unknown {
  const market = marketOf(state, request.query.instId);
  const depth = Math.min(Number(request.query.sz ?? '1') || 1, maxDepth);
  const levels = (side: [string, string][]) => side.slice(0, depth).map(([px, sz]) => [px, sz, '0', '1']);
  return ok([
    { asks: levels(market.book.asks), bids: levels(market.book.bids), ts: String(state.clock.now()) },
  ]);
}

/** OKX bars (1m, 1H, 1Dutc …) as the kit's neutral interval labels (1m, 1h, 1d). */
const intervalOf = (bar: string): string => bar.replace(/utc$/, '').toLowerCase();

/**
 * GET /api/v5/market/candles (and history-candles): newest first, `after` = older than that
 * ts, `before` = newer than it, `limit` default 100 (max 300); rows
 * [ts, o, h, l, c, vol, volCcy, volCcyQuote, confirm].
 */
function candles(state: KitState, request: KitRequest): unknown {
  const market = marketOf(state, request.query.instId);
  const series = market.candles[intervalOf(request.query.bar ?? '1m')] ?? [];
  const after = request.query.after ? Number(request.query.after) : Number.POSITIVE_INFINITY;
  const before = request.query.before ? Number(request.query.before) : Number.NEGATIVE_INFINITY;
  const limit = Math.min(Number(request.query.limit ?? '100') || 100, 300);
  const rows = series
    .filter((c) => c.openTime < after && c.openTime > before)
    .reverse()
    .slice(0, limit)
    .map((c) => {
      const quoteVolume = new Decimal(c.volume).times(c.close).toFixed();
      return [String(c.openTime), c.open, c.high, c.low, c.close, c.volume, c.volume, quoteVolume, '1'];
    });
  return ok(rows);
}

export function marketRoutes(state: KitState): KitRoute[] {
  return [
    openRoute('GET', '/api/v5/public/time', () => ok([{ ts: String(state.clock.now()) }])),
    openRoute('GET', '/api/v5/public/instruments', (r) => {
      if (!r.query.instType) throw okxError('50014', 400, 'instType');
      const all = r.query.instType === 'SPOT' ? [...state.account.markets.values()] : [];
      return ok(all.map((m) => instrument(m, LIST_TIME)));
    }),
    openRoute('GET', '/api/v5/market/ticker', (r) => ticker(state, r)),
    openRoute('GET', '/api/v5/market/tickers', (r) => tickers(state, r)),
    openRoute('GET', '/api/v5/market/books', (r) => books(state, r, 400)),
    openRoute('GET', '/api/v5/market/books-full', (r) => books(state, r, 5000)),
    openRoute('GET', '/api/v5/market/candles', (r) => candles(state, r)),
    openRoute('GET', '/api/v5/market/history-candles', (r) => candles(state, r)),
  ];
}
