import { Decimal } from '@balancer/core';
import {
  type KitMarket,
  type KitRequest,
  type KitRoute,
  type KitState,
  openRoute,
  signedRoute,
} from '../exchange-kit/index.js';
import { coinbaseError } from './coinbase-error.js';

/** Coinbase product ids are BASE-QUOTE. */
export const productIdOf = (market: KitMarket): string => `${market.base}-${market.quote}`;

export function marketOf(state: KitState, productId: string | undefined): KitMarket {
  for (const market of state.account.markets.values()) if (productIdOf(market) === productId) return market;
  throw coinbaseError(404, 'NOT_FOUND', `product ${productId ?? ''} not found`);
}

/** RFC 3339 with microseconds, as Advanced Trade writes times. */
export const rfc3339 = (ms: number): string => new Date(ms).toISOString().replace('Z', '000Z');

const NAMES: Record<string, string> = {
  BTC: 'Bitcoin',
  USD: 'US Dollar',
  USDC: 'USDC',
  EUR: 'Euro',
  USDT: 'Tether',
};

/** A product of GET /api/v3/brokerage/market/products ("List Public Products"). */
function product(market: KitMarket): Record<string, unknown> {
  return {
    product_id: productIdOf(market),
    price: market.lastPrice,
    price_percentage_change_24h: '0',
    volume_24h: '0',
    volume_percentage_change_24h: '0',
    base_increment: market.amountStep,
    quote_increment: market.priceStep,
    quote_min_size: market.minCost,
    quote_max_size: '150000000',
    base_min_size: market.minAmount,
    base_max_size: '3400',
    base_name: NAMES[market.base] ?? market.base,
    quote_name: NAMES[market.quote] ?? market.quote,
    watched: false,
    is_disabled: false,
    new: false,
    status: 'online',
    cancel_only: false,
    limit_only: false,
    post_only: false,
    trading_disabled: false,
    auction_mode: false,
    product_type: 'SPOT',
    quote_currency_id: market.quote,
    base_currency_id: market.base,
    fcm_trading_session_details: null,
    mid_market_price: '',
    alias: '',
    alias_to: [],
    base_display_symbol: market.base,
    quote_display_symbol: market.quote,
    view_only: false,
    price_increment: market.priceStep,
    display_name: `${market.base}-${market.quote}`,
    product_venue: 'CBE',
    approximate_quote_24h_volume: '0',
  };
}

function products(state: KitState, request: KitRequest): unknown {
  // Only spot is listed: a request for FUTURE products gets an empty list.
  const type = request.query.product_type;
  const list = type && type !== 'SPOT' ? [] : [...state.account.markets.values()].map(product);
  return { products: list, num_products: list.length };
}

/** GET …/products/{id}/ticker: recent trades (here: one at the last price) and the best bid/ask. */
function ticker(state: KitState, request: KitRequest): unknown {
  const market = marketOf(state, request.params.productId);
  const time = rfc3339(state.clock.now());
  return {
    trades: [
      {
        trade_id: '1',
        product_id: productIdOf(market),
        price: market.lastPrice,
        size: '0.001',
        time,
        side: 'BUY',
        exchange: 'CBE',
      },
    ],
    best_bid: market.book.bids[0]?.[0] ?? '',
    best_ask: market.book.asks[0]?.[0] ?? '',
  };
}

/** GET …/product_book?product_id&limit: { pricebook: { bids, asks: [{ price, size }] } }. */
function productBook(state: KitState, request: KitRequest): unknown {
  const market = marketOf(state, request.query.product_id);
  const limit = Number(request.query.limit ?? '0') || undefined;
  const side = (levels: [string, string][]) =>
    levels.slice(0, limit).map(([price, size]) => ({ price, size }));
  return {
    pricebook: {
      product_id: productIdOf(market),
      bids: side(market.book.bids),
      asks: side(market.book.asks),
      time: rfc3339(state.clock.now()),
    },
  };
}

const GRANULARITY: Record<string, string> = {
  ONE_MINUTE: '1m',
  FIVE_MINUTE: '5m',
  FIFTEEN_MINUTE: '15m',
  THIRTY_MINUTE: '30m',
  ONE_HOUR: '1h',
  TWO_HOUR: '2h',
  SIX_HOUR: '6h',
  ONE_DAY: '1d',
};

/** GET …/products/{id}/candles?start&end&granularity (unix seconds): newest first, at most 350. */
function candles(state: KitState, request: KitRequest): unknown {
  const market = marketOf(state, request.params.productId);
  const interval = GRANULARITY[request.query.granularity ?? ''];
  if (!interval) throw coinbaseError(400, 'INVALID_ARGUMENT', 'granularity');
  const start = Number(request.query.start ?? '0') * 1000;
  const end = request.query.end ? Number(request.query.end) * 1000 : Number.POSITIVE_INFINITY;
  const rows = (market.candles[interval] ?? [])
    .filter((c) => c.openTime >= start && c.openTime <= end)
    .reverse()
    .slice(0, 350)
    .map((c) => ({
      start: String(c.openTime / 1000),
      low: c.low,
      high: c.high,
      open: c.open,
      close: c.close,
      volume: c.volume,
    }));
  return { candles: rows };
}

/** The Coinbase App's v2 currency and rate lists that ccxt reads with the markets. */
function currencies(state: KitState, crypto: boolean): unknown {
  const assets = new Set<string>();
  for (const m of state.account.markets.values()) assets.add(m.base).add(m.quote);
  const fiat = new Set(['USD', 'EUR', 'GBP']);
  const data = [...assets]
    .filter((code) => fiat.has(code) !== crypto)
    .map((code) =>
      crypto
        ? {
            asset_id: code,
            code,
            name: NAMES[code] ?? code,
            color: '#000000',
            sort_index: 1,
            exponent: 8,
            type: 'crypto',
            address_regex: '.*',
          }
        : { id: code, name: NAMES[code] ?? code, min_size: '0.01' },
    );
  return { data };
}

function exchangeRates(state: KitState, request: KitRequest): unknown {
  const currency = request.query.currency ?? 'USD';
  const rates: Record<string, string> = { [currency]: '1' };
  for (const m of state.account.markets.values()) {
    if (m.quote === currency) rates[m.base] = new Decimal(1).div(m.lastPrice).toFixed(12);
  }
  return { data: { currency, rates } };
}

export function marketRoutes(state: KitState): KitRoute[] {
  const time = () => {
    const now = state.clock.now();
    return { iso: rfc3339(now), epochSeconds: String(Math.floor(now / 1000)), epochMillis: String(now) };
  };
  return [
    openRoute('GET', '/v2/currencies', () => currencies(state, false)),
    openRoute('GET', '/v2/currencies/crypto', () => currencies(state, true)),
    openRoute('GET', '/v2/exchange-rates', (r) => exchangeRates(state, r)),
    openRoute('GET', '/api/v3/brokerage/time', time),
    openRoute('GET', '/api/v3/brokerage/market/products', (r) => products(state, r)),
    openRoute('GET', '/api/v3/brokerage/market/products/:productId/ticker', (r) => ticker(state, r)),
    openRoute('GET', '/api/v3/brokerage/market/products/:productId/candles', (r) => candles(state, r)),
    openRoute('GET', '/api/v3/brokerage/market/product_book', (r) => productBook(state, r)),
    signedRoute('GET', '/api/v3/brokerage/products', (r) => products(state, r)),
    signedRoute('GET', '/api/v3/brokerage/products/:productId/ticker', (r) => ticker(state, r)),
    signedRoute('GET', '/api/v3/brokerage/products/:productId/candles', (r) => candles(state, r)),
    signedRoute('GET', '/api/v3/brokerage/product_book', (r) => productBook(state, r)),
  ];
}
