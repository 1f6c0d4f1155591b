/**
 * The exchange port: everything the live engine asks of an exchange. Adapters — ccxt (live),
 * paper (live data, simulated fills) and the simulator (replayed real candles) — implement it; the
 * engine never knows which one it talks to. The backtester deliberately does not go through it:
 * it replays candle arrays through the same core decisions synchronously, with its own simulated
 * account (backtest/exchange/backtest-exchange.ts), because an asynchronous port call per candle
 * would cost most of its speed; what live and backtest share is core's strategy code, not this
 * port (ARCHITECTURE.md, "Deliberate departures"). Prices and amounts are decimal strings;
 * times are epoch ms. Errors are CodedErrors of the 5000 block, whose `recovery` says whether
 * to retry (`retry`: network, rate limit, 5xx — the order's outcome may be unknown), stop and
 * alert, or reject.
 */

/** One candle; `openTime` in ms. */
export interface ExchangeCandle {
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/** Price levels, best first (bids descending, asks ascending). */
export interface ExchangeOrderBook {
  bids: Array<[price: string, size: string]>;
  asks: Array<[price: string, size: string]>;
  /** The exchange's update id of this snapshot, when it has one (diff streams apply past it). */
  updateId: number | null;
  time: number;
}

export interface ExchangeTicker {
  /** Base asset, e.g. 'ETH' of ETH/USDT. */
  base: string;
  last: string;
  /** 24 h volume in the quote asset. */
  quoteVolume: string;
}

export interface ExchangeBalances {
  /** Free balances by asset, e.g. { BTC: '0.01', USDT: '1500' }. */
  free: Record<string, string>;
  time: number;
}

export type OrderSide = 'BUY' | 'SELL';
export type OrderStatus = 'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'REJECTED' | 'EXPIRED';

export interface ExchangeFill {
  /** The exchange's trade id. */
  id: string;
  price: string;
  amount: string;
  quoteAmount: string;
  commission: string;
  commissionAsset: string;
  time: number;
}

export interface ExchangeOrder {
  exchangeOrderId: string;
  /** Ours: derived from the transaction id, so a retry can never place the order twice. */
  clientOrderId: string;
  side: OrderSide;
  status: OrderStatus;
  /** Requested base amount and what was filled. */
  amount: string;
  filled: string;
  quoteFilled: string;
  fills: ExchangeFill[];
  time: number;
}

export interface ExchangeTrade extends ExchangeFill {
  side: OrderSide;
  orderId: string;
  clientOrderId: string | null;
}

/** Market rules the engine must respect when sizing an order. */
export interface MarketRules {
  symbol: string;
  base: string;
  quote: string;
  /** LOT_SIZE: step and minimum of the base amount. */
  amountStep: string;
  minAmount: string;
  /** NOTIONAL: minimum quote value of an order. */
  minNotional: string;
  /** Price step, where the exchange reports one. */
  priceStep?: string;
  /** Taker fee rate of the market (0.0026 = 0.26 %), where the exchange's markets report it. */
  takerFee?: string;
  /** The asset a market buy's fee is charged in: the bought base or the spent quote. */
  buyFeeAsset?: 'base' | 'quote';
}

export interface MarketDataPort {
  /** Human name shown in the API and logs; a simulated market says so ("simulated"). */
  readonly name: string;
  /** True for anything that does not trade real money on a real exchange. */
  readonly simulated: boolean;
  /**
   * Market time, epoch ms, of an adapter that replays a market on its own clock (the simulator):
   * the engine runs on it, so that its decisions, trades and the candles share one time. Absent
   * for real markets, whose time is wall time.
   */
  readonly marketClock?: () => number;
  marketRules(): Promise<MarketRules>;
  /** The last `limit` candles of the market at `interval` (e.g. '15m'), oldest first. */
  candles(interval: string, limit: number): Promise<ExchangeCandle[]>;
  orderBook(limit: number): Promise<ExchangeOrderBook>;
  /** Tickers of `bases` against the market's quote asset (the coins indicator). */
  tickers(bases: readonly string[]): Promise<ExchangeTicker[]>;
}

export interface TradingPort {
  /**
   * The fee rate (0.001 = 0.1 %) of the adapter's own simulated fills (the simulator, paper
   * trading), charged in the quote asset; absent where the exchange fills the orders (its fee is
   * in the market rules).
   */
  readonly simulatedFillFee?: string;
  balances(): Promise<ExchangeBalances>;
  /**
   * A market order for `amount` base. Idempotent by `clientOrderId`: if an order with that id
   * exists, the adapter returns it instead of placing another.
   */
  marketOrder(side: OrderSide, amount: string, clientOrderId: string): Promise<ExchangeOrder>;
  /** The order with our client order id, with its fills; null when the exchange has none. */
  orderByClientId(clientOrderId: string): Promise<ExchangeOrder | null>;
  /** Account trades of the market since `since` (inclusive), oldest first. */
  trades(since: number): Promise<ExchangeTrade[]>;
}

export interface ExchangePort extends MarketDataPort, TradingPort {
  close(): Promise<void>;
}

/**
 * What the exchange says the API key may do, read from its own key-permissions endpoint (Binance
 * apiRestrictions, OKX account config, Coinbase key_permissions, Bitfinex auth/r/permissions);
 * null where the exchange does not say. Reading it is itself a signed private read, so an answer
 * means the key can read. Kraken reports no permissions: its `canTrade` comes from an order it
 * validates without placing (AddOrder validate=true), `canWithdraw` is null.
 */
export interface KeyPermissions {
  canTrade: boolean | null;
  canWithdraw: boolean | null;
  /** The endpoint the answer came from, and for an exchange that reports nothing, where to look. */
  source: string;
}

/** An exchange adapter that can read its key's permissions (the live ccxt adapter; doctor asks it). */
export interface KeyPermissionsPort {
  keyPermissions(): Promise<KeyPermissions>;
}
