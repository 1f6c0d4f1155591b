import { keyPermissions, type StandInKeyPermissions } from '../key-permissions.js';
import { defaultSymbols } from './symbols.js';
import type {
  BinanceServerOptions,
  Fault,
  Level,
  RequestRecord,
  ServerBalance,
  ServerBook,
  ServerCandle,
  ServerOrder,
  ServerSymbol,
  ServerTrade,
} from './types.js';

/**
 * The in-memory exchange behind the test server, driven directly by tests: set balances,
 * candles and the book, queue faults, then read orders, trades and the request log. Plain data
 * plus a few setters; the HTTP layer only reads and updates it.
 */
export interface BinanceServerState {
  readonly apiKey: string;
  /** Server time in ms (the injected clock). */
  now(): number;
  readonly symbols: ServerSymbol[];
  /** Balances by asset; an asset absent here has 0 free and 0 locked. */
  readonly balances: Record<string, ServerBalance>;
  /** Candles by `${symbol}:${interval}`, oldest first. */
  readonly candles: Record<string, ServerCandle[]>;
  readonly books: Record<string, ServerBook>;
  readonly orders: ServerOrder[];
  readonly trades: ServerTrade[];
  readonly requests: RequestRecord[];
  readonly duplicateClientOrderIds: 'reject' | 'allow';
  /** What the test key may do; a key that cannot trade is refused orders (−2015). */
  permissions: StandInKeyPermissions;
  /**
   * Queues a fault for the next request to `target`: a path ('/api/v3/order', any method) or a
   * method and path ('POST /api/v3/order', only that method). Faults run in order.
   */
  inject(target: string, fault: Fault): void;
  /** Removes and returns the next queued fault for this request: method-specific first, then path. */
  takeFault(path: string, method?: string): Fault | undefined;
  /** Sets the free balance of an asset (decimal string ≥ 0), locked 0. */
  setBalance(asset: string, free: string): void;
  /** Replaces the candle series of a symbol and interval (e.g. '1m', '1h'), sorted by openTime. */
  setCandles(symbol: string, interval: string, candles: ServerCandle[]): void;
  /** Replaces the book of a symbol and bumps its lastUpdateId. */
  setBook(symbol: string, bids: Level[], asks: Level[]): void;
  /** Sets the last price of a symbol without candles (tickers). */
  setLastPrice(symbol: string, price: string): void;
  /** Called after every setBook / setCandles / setLastPrice (the websocket streams push from here). */
  readonly listeners: Set<(change: StateChange) => void>;
  /** Next ids (Binance ids are positive and increasing). */
  nextOrderId(): number;
  nextTradeId(): number;
}

/** What a setter changed: a book (with the one it replaced), a candle series, or a last price. */
export type StateChange =
  | { kind: 'book'; symbol: string; previous: ServerBook; next: ServerBook }
  | { kind: 'candles'; symbol: string; interval: string }
  | { kind: 'lastPrice'; symbol: string };

/** The default book of BTCUSDT: 30000 ± a few levels, 0.5 BTC each. */
function defaultBook(): ServerBook {
  return {
    bids: [
      ['29999.00', '0.50000'],
      ['29998.00', '0.50000'],
      ['29990.00', '1.00000'],
    ],
    asks: [
      ['30001.00', '0.50000'],
      ['30002.00', '0.50000'],
      ['30010.00', '1.00000'],
    ],
    lastUpdateId: 1,
  };
}

/** Builds the state of a fresh exchange. */
export function createExchangeState(options: BinanceServerOptions = {}): BinanceServerState {
  const faults = new Map<string, Fault[]>();
  let orderId = 0;
  let tradeId = 0;
  const balances: Record<string, ServerBalance> = {};
  for (const [asset, free] of Object.entries(options.balances ?? { USDT: '10000', BTC: '0' })) {
    balances[asset] = { free, locked: '0' };
  }
  const books: Record<string, ServerBook> = { BTCUSDT: defaultBook() };
  const listeners = new Set<(change: StateChange) => void>();
  const notify = (change: StateChange) => {
    for (const listener of listeners) listener(change);
  };
  const state: BinanceServerState = {
    apiKey: options.apiKey ?? 'test-api-key',
    now: options.now ?? (() => Date.now()),
    symbols: defaultSymbols(),
    balances,
    candles: {},
    books,
    orders: [],
    trades: [],
    requests: [],
    duplicateClientOrderIds: options.duplicateClientOrderIds ?? 'reject',
    permissions: keyPermissions(options.permissions),
    listeners,
    inject(path, fault) {
      const queue = faults.get(path) ?? [];
      queue.push(fault);
      faults.set(path, queue);
    },
    takeFault(path, method) {
      return (method ? faults.get(`${method} ${path}`)?.shift() : undefined) ?? faults.get(path)?.shift();
    },
    setBalance(asset, free) {
      balances[asset] = { free, locked: '0' };
    },
    setCandles(symbol, interval, candles) {
      state.candles[`${symbol}:${interval}`] = [...candles].sort((a, b) => a.openTime - b.openTime);
      notify({ kind: 'candles', symbol, interval });
    },
    setBook(symbol, bids, asks) {
      const previous = books[symbol] ?? { bids: [], asks: [], lastUpdateId: 0 };
      books[symbol] = { bids, asks, lastUpdateId: previous.lastUpdateId + 1 };
      notify({ kind: 'book', symbol, previous, next: books[symbol] });
    },
    setLastPrice(symbol, price) {
      const found = state.symbols.find((s) => s.symbol === symbol);
      if (found) found.lastPrice = price;
      notify({ kind: 'lastPrice', symbol });
    },
    nextOrderId: () => ++orderId,
    nextTradeId: () => ++tradeId,
  };
  return state;
}
