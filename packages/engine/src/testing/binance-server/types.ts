import type { ExchangeCandle } from '../../ports/exchange.js';
import type { StandInKeyPermissions } from '../key-permissions.js';

/** A candle as the tests feed it: the exchange port's shape (prices as decimal strings, ms). */
export type ServerCandle = ExchangeCandle;

/** One price level: [price, quantity], decimal strings. */
export type Level = [price: string, qty: string];

/** The book of one symbol; bids best (highest) first, asks best (lowest) first. */
export interface ServerBook {
  bids: Level[];
  asks: Level[];
  lastUpdateId: number;
}

/** A spot symbol the server lists; BTCUSDT carries the filters the engine must respect. */
export interface ServerSymbol {
  symbol: string;
  baseAsset: string;
  quoteAsset: string;
  /** Last price (decimal string), used by tickers of symbols that have no candles. */
  lastPrice: string;
  /** 24 h volume in the base asset. */
  volume: string;
}

/** A balance of one asset, decimal strings, never negative. */
export interface ServerBalance {
  free: string;
  locked: string;
}

/** One fill of a market order against one book level. */
export interface ServerFill {
  price: string;
  qty: string;
  commission: string;
  commissionAsset: string;
  tradeId: number;
}

/** A stored order (MARKET only), as GET /api/v3/order reports it. */
export interface ServerOrder {
  symbol: string;
  orderId: number;
  clientOrderId: string;
  side: 'BUY' | 'SELL';
  origQty: string;
  executedQty: string;
  cummulativeQuoteQty: string;
  /** FILLED, or EXPIRED when the book could not fill the whole quantity. */
  status: 'FILLED' | 'EXPIRED';
  time: number;
  fills: ServerFill[];
}

/** A stored account trade, as GET /api/v3/myTrades reports it. */
export interface ServerTrade {
  symbol: string;
  id: number;
  orderId: number;
  price: string;
  qty: string;
  quoteQty: string;
  commission: string;
  commissionAsset: string;
  time: number;
  isBuyer: boolean;
}

/**
 * A fault queued for the next request to a path (any method), consumed once.
 * - `serverError`: HTTP 5xx; with `execute` the request is still carried out first (the order
 *   exists although the client saw a failure: the outcome-unknown case).
 * - `timeout`: the response is held until the client gives up (or the server closes); with
 *   `execute` the request is carried out first.
 * - `rateLimit`: HTTP 429, code −1003, header Retry-After (seconds).
 * - `ipBan`: HTTP 418, code −1003, header Retry-After (seconds).
 * - `error`: HTTP 400 with a Binance code (−2010, −1013, −1021 …), nothing executed.
 */
export type Fault =
  | { kind: 'serverError'; status?: number; execute?: boolean }
  | { kind: 'timeout'; execute?: boolean }
  | { kind: 'rateLimit'; retryAfter?: number }
  | { kind: 'ipBan'; retryAfter?: number }
  | { kind: 'error'; code: number; msg?: string };

/** One request as the server received it; never the secret, the API key or the signature. */
export interface RequestRecord {
  method: string;
  path: string;
  /** Query and body parameters merged, signature removed. */
  params: Record<string, string>;
  signed: boolean;
  /** The fault applied to this request, if any. */
  fault: Fault['kind'] | null;
}

/** Options of `startBinanceServer`; everything has a default. */
export interface BinanceServerOptions {
  apiKey?: string;
  secret?: string;
  /** Server clock in epoch ms (default `Date.now`); tests pass a fixed clock. */
  now?: () => number;
  /** Initial free balances, e.g. { USDT: '1000', BTC: '0' }. */
  balances?: Record<string, string>;
  /**
   * What a second order with an already used `newClientOrderId` gets. Real Binance only requires
   * uniqueness among OPEN orders, so a filled MARKET order's id may be reused ('allow'); the
   * default 'reject' answers −2010 "Duplicate order sent.", as Binance does for an open order.
   */
  duplicateClientOrderIds?: 'reject' | 'allow';
  /** The port to listen on (default: a free one). */
  port?: number;
  /** What the test key may do (GET /sapi/v1/account/apiRestrictions); default trade yes, withdraw no. */
  permissions?: Partial<StandInKeyPermissions>;
}
