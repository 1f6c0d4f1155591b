import type { ExchangeCandle } from '../../ports/exchange.js';
import type { StandInKeyPermissions } from '../key-permissions.js';

/** One asset pair the stand-in lists, in Kraken's AssetPairs terms. */
export interface KrakenPair {
  /** The pair's key, e.g. XXBTZUSD. */
  id: string;
  altname: string;
  wsname: string;
  base: string;
  quote: string;
  pair_decimals: number;
  lot_decimals: number;
  cost_decimals: number;
  ordermin: string;
  costmin: string;
  /** Last price, decimal string: the book and the default candles sit around it. */
  last: string;
}

/** An order as QueryOrders / ClosedOrders describe it (market orders only). */
export interface KrakenOrder {
  txid: string;
  pair: string;
  cl_ord_id: string | null;
  userref: number | null;
  type: 'buy' | 'sell';
  status: 'open' | 'closed' | 'canceled';
  opentm: number;
  closetm: number;
  vol: string;
  vol_exec: string;
  cost: string;
  fee: string;
  price: string;
  trades: string[];
}

/** An account trade as TradesHistory describes it. */
export interface KrakenTrade {
  id: string;
  ordertxid: string;
  pair: string;
  time: number;
  type: 'buy' | 'sell';
  price: string;
  cost: string;
  fee: string;
  vol: string;
}

/**
 * A fault queued for the next request to an endpoint (its last path segment, e.g. 'AddOrder'),
 * consumed once:
 * - `serverError`: HTTP 5xx (default 503); with `execute` the request is carried out first.
 * - `timeout`: no answer until the client gives up; with `execute` carried out first.
 * - `rateLimit`: EAPI:Rate limit exceeded, nothing executed.
 * - `invalidNonce`: EAPI:Invalid nonce, as a key whose nonce window a skewed clock left behind.
 * - `partialFill`: a market order fills only half its volume; the rest is canceled.
 * - `error`: any other Kraken error message, nothing executed.
 */
export type KrakenFault =
  | { kind: 'serverError'; status?: number; execute?: boolean }
  | { kind: 'timeout'; execute?: boolean }
  | { kind: 'rateLimit' }
  | { kind: 'invalidNonce' }
  | { kind: 'partialFill' }
  | { kind: 'error'; message: string };

/** One request as the stand-in received it; never the key, the signature or the nonce. */
export interface KrakenRequestRecord {
  method: string;
  path: string;
  params: Record<string, string>;
  signed: boolean;
  fault: KrakenFault['kind'] | null;
  /** The Kraken error it was answered with, if any. */
  error: string | null;
}

export interface KrakenServerOptions {
  apiKey?: string;
  /** The private key, base64 (as Kraken issues it). */
  secret?: string;
  now?: () => number;
  /** Initial balances by common code (BTC, USD, USDT, EUR …), decimal strings. */
  balances?: Record<string, string>;
  /** Taker fee rate, charged in the quote asset (Kraken's default for spot). Default 0.0026. */
  takerFee?: string;
  /** The port to listen on (default: a free one). */
  port?: number;
  /**
   * What the test key may do; default trade yes, withdraw no. Kraken reports neither: a key that
   * cannot trade is refused AddOrder (validate-only too) with EGeneral:Permission denied.
   */
  permissions?: Partial<StandInKeyPermissions>;
}

export type { ExchangeCandle as KrakenCandle };
