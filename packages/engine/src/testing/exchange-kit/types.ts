import type { Decimal } from '@balancer/core';
import type { ExchangeCandle } from '../../ports/exchange.js';

/** One price level: [price, quantity], decimal strings. */
export type Level = [price: string, qty: string];

/** A book, best first on each side (bids highest first, asks lowest first). */
export interface Book {
  bids: Level[];
  asks: Level[];
}

/** A candle as the stand-ins store it: the exchange port's shape (open time in ms, decimal strings). */
export type KitCandle = ExchangeCandle;

/**
 * A spot market of a stand-in. `symbol` is the kit's neutral name (BASE/QUOTE); each stand-in
 * renders its own id (OKX BTC-USDT, Coinbase BTC-USD, Bitfinex tBTCUSD).
 */
export interface KitMarket {
  symbol: string;
  base: string;
  quote: string;
  /** Smallest order amount in base, and the amount's step (lot). */
  minAmount: string;
  amountStep: string;
  /** The price's step (tick). */
  priceStep: string;
  /** Smallest notional in quote (0 where the exchange has none). */
  minCost: string;
  /** Fee rates of a taker (a market order or a limit order that crosses) and a maker. */
  takerFee: string;
  makerFee: string;
  lastPrice: string;
  book: Book;
  /** Candles by interval label ('1m', '1h' …), oldest first. */
  candles: Record<string, KitCandle[]>;
}

/**
 * Where a fill's fee is taken: 'received' (the asset the order receives: BTC on a buy, quote on a
 * sell — OKX, Bitfinex) or 'quote' (always the quote asset — Coinbase).
 */
export type FeePolicy = 'received' | 'quote';

export type Side = 'buy' | 'sell';

/**
 * An order. `status` 'canceled' with `filled` > 0 is a partly filled order whose rest was
 * cancelled (a market order the book or a partial-fill fault could not fill, or a cancelled limit).
 */
export interface KitOrder {
  id: string;
  clientId: string;
  symbol: string;
  side: Side;
  type: 'market' | 'limit';
  /** Base amount asked for; undefined for a market buy by quote amount (`quoteAmount`). */
  amount: Decimal | undefined;
  quoteAmount: Decimal | undefined;
  price: Decimal | undefined;
  filled: Decimal;
  /** Quote spent (buy) or received (sell) before fees. */
  cost: Decimal;
  fee: Decimal;
  feeAsset: string;
  status: 'open' | 'filled' | 'canceled';
  createdAt: number;
  updatedAt: number;
}

/** One fill of an order against one book level (the account is always the taker here). */
export interface KitTrade {
  id: number;
  orderId: string;
  clientId: string;
  symbol: string;
  side: Side;
  price: Decimal;
  amount: Decimal;
  cost: Decimal;
  fee: Decimal;
  feeAsset: string;
  maker: boolean;
  time: number;
}

export interface KitBalance {
  free: Decimal;
  locked: Decimal;
}

/**
 * A fault queued for the next request to a route, consumed once.
 * - `serverError`: the exchange's 5xx answer; with `execute` the request is carried out first (an
 *   order exists although the client saw a failure).
 * - `timeout`: no answer until the client gives up (or close()); with `execute` carried out first.
 * - `rateLimit`: the exchange's own rate-limit answer, nothing executed.
 * - `variant` names another documented shape of the same answer where an exchange has two.
 * - `partialFill`: an order placed by this request fills only `fraction` of its amount (a market
 *   order's rest is cancelled, a limit order's rest stays open).
 */
export type KitFault =
  | { kind: 'serverError'; status?: number; execute?: boolean; variant?: string }
  | { kind: 'timeout'; execute?: boolean }
  | { kind: 'rateLimit'; retryAfter?: number; variant?: string }
  | { kind: 'partialFill'; fraction: string };

/** One request as a stand-in received it: never a key, secret, passphrase or signature. */
export interface KitRequestRecord {
  method: string;
  path: string;
  /** Query and JSON body fields (top level), as strings. */
  params: Record<string, string>;
  private: boolean;
  fault: KitFault['kind'] | null;
  /** Set when the request was answered with HTTP ≥ 400: the reason, or the status. */
  refused?: string;
}
