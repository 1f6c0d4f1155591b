import type { ServerSymbol } from './types.js';

/** BTCUSDT's filters (Binance spot): LOT_SIZE step 0.00001, NOTIONAL ≥ 10. */
export const BTCUSDT_FILTERS = {
  tickSize: '0.01',
  minPrice: '0.01',
  maxPrice: '1000000.00',
  stepSize: '0.00001',
  minQty: '0.00001',
  maxQty: '9000.00000',
  minNotional: '10',
} as const;

/** The symbols listed by default: BTCUSDT (tradeable) and a few altcoins for tickers. */
export function defaultSymbols(): ServerSymbol[] {
  return [
    { symbol: 'BTCUSDT', baseAsset: 'BTC', quoteAsset: 'USDT', lastPrice: '30000.00', volume: '1000.00000' },
    { symbol: 'ETHUSDT', baseAsset: 'ETH', quoteAsset: 'USDT', lastPrice: '2000.00', volume: '20000.0000' },
    { symbol: 'BNBUSDT', baseAsset: 'BNB', quoteAsset: 'USDT', lastPrice: '300.0', volume: '50000.000' },
    { symbol: 'SOLUSDT', baseAsset: 'SOL', quoteAsset: 'USDT', lastPrice: '100.00', volume: '90000.000' },
    { symbol: 'XRPUSDT', baseAsset: 'XRP', quoteAsset: 'USDT', lastPrice: '0.5000', volume: '9000000.0' },
  ];
}

/** One symbol of GET /api/v3/exchangeInfo, with the fields ccxt's market parser reads. */
export function exchangeInfoSymbol(s: ServerSymbol): Record<string, unknown> {
  const f = BTCUSDT_FILTERS;
  return {
    symbol: s.symbol,
    status: 'TRADING',
    baseAsset: s.baseAsset,
    baseAssetPrecision: 8,
    quoteAsset: s.quoteAsset,
    quotePrecision: 8,
    quoteAssetPrecision: 8,
    baseCommissionPrecision: 8,
    quoteCommissionPrecision: 8,
    orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT_LIMIT'],
    icebergAllowed: true,
    ocoAllowed: true,
    otoAllowed: true,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: true,
    cancelReplaceAllowed: true,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    // Every symbol gets BTCUSDT's filters: only BTCUSDT is traded in tests.
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: f.minPrice, maxPrice: f.maxPrice, tickSize: f.tickSize },
      { filterType: 'LOT_SIZE', minQty: f.minQty, maxQty: f.maxQty, stepSize: f.stepSize },
      {
        filterType: 'NOTIONAL',
        minNotional: f.minNotional,
        applyMinToMarket: true,
        maxNotional: '9000000.00',
        applyMaxToMarket: false,
        avgPriceMins: 5,
      },
    ],
    permissions: [],
    permissionSets: [['SPOT']],
    defaultSelfTradePreventionMode: 'EXPIRE_MAKER',
    allowedSelfTradePreventionModes: ['EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'],
  };
}

/** The whole GET /api/v3/exchangeInfo body. */
export function exchangeInfo(symbols: ServerSymbol[], serverTime: number): Record<string, unknown> {
  return {
    timezone: 'UTC',
    serverTime,
    rateLimits: [
      { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 6000 },
      { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 100 },
      { rateLimitType: 'RAW_REQUESTS', interval: 'MINUTE', intervalNum: 5, limit: 61000 },
    ],
    exchangeFilters: [],
    symbols: symbols.map(exchangeInfoSymbol),
  };
}
