import type { Exchange, OrderBook, Ticker } from 'ccxt';
import type { ExchangeCandle, ExchangeOrderBook } from '../../ports/exchange.js';
import { bookOf, candleOf } from './market-mapping.js';
import { WatchLoop } from './watch-loop.js';

/** Which streams an exchange has, from ccxt's `has` map. */
export interface StreamSupport {
  orderBook: boolean;
  tickers: boolean;
  candles: boolean;
}

export function streamSupport(has: Record<string, unknown>): StreamSupport {
  return {
    orderBook: has.watchOrderBook === true,
    tickers: has.watchTickers === true,
    candles: has.watchOHLCV === true,
  };
}

/** A running loop of any value type. */
type LiveFeed = Pick<WatchLoop<unknown>, 'current' | 'stop'>;

/** Candles of one interval: a REST history plus the candles streamed since. */
interface CandleFeed {
  loop: LiveFeed;
  history: ExchangeCandle[] | undefined;
  streamed: Map<number, ExchangeCandle>;
}

/**
 * The websocket side of the ccxt adapter (option `streams`). Each feed starts on first use and
 * then runs in the background; every read returns undefined unless its stream is up and fresh,
 * and the adapter then answers from REST as before. Order book: ccxt's local book (its REST
 * snapshot plus the diffs past the snapshot's update id, kept in sync by ccxt). Tickers: the
 * latest of each watched symbol. Candles: a REST history taken once the stream is up, with the
 * streamed candles (same open time replaces, newer appends) on top.
 */
export class CcxtStreams {
  private book: WatchLoop<OrderBook> | undefined;
  private tickerLoop: { symbols: string[]; loop: LiveFeed } | undefined;
  private readonly tickerValues = new Map<string, Ticker>();
  private readonly candleFeeds = new Map<string, CandleFeed>();
  private readonly support: StreamSupport;
  private closed = false;

  constructor(
    private readonly exchange: Exchange,
    private readonly symbol: string,
    private readonly now: () => number,
  ) {
    this.support = streamSupport(exchange.has as Record<string, unknown>);
  }

  /** The streamed book (best `limit` levels per side), or undefined: use REST. */
  orderBook(limit: number): ExchangeOrderBook | undefined {
    if (!this.support.orderBook || this.closed) return undefined;
    this.book ??= new WatchLoop(() => this.exchange.watchOrderBook(this.symbol), this.now);
    const book = this.book.current();
    return book ? bookOf(book, limit, this.now()) : undefined;
  }

  /** The streamed tickers of `symbols` when every one of them has arrived, or undefined: use REST. */
  tickers(symbols: readonly string[]): Record<string, Ticker> | undefined {
    if (!this.support.tickers || this.closed || symbols.length === 0) return undefined;
    const watched = this.tickerLoop?.symbols ?? [];
    if (!symbols.every((s) => watched.includes(s))) {
      // A new coin list: watch the union from now on.
      this.tickerLoop?.loop.stop();
      const union = [...new Set([...watched, ...symbols])].sort();
      const loop = new WatchLoop(
        () => this.exchange.watchTickers(union),
        this.now,
        (tickers) => {
          for (const [s, t] of Object.entries(tickers)) this.tickerValues.set(s, t);
        },
      );
      this.tickerLoop = { symbols: union, loop };
    }
    if (this.tickerLoop?.loop.current() === undefined) return undefined;
    const out: Record<string, Ticker> = {};
    for (const s of symbols) {
      const ticker = this.tickerValues.get(s);
      if (!ticker) return undefined;
      out[s] = ticker;
    }
    return out;
  }

  /** The last `limit` candles from history plus stream, or undefined: use REST (then `seedCandles`). */
  candles(interval: string, limit: number): ExchangeCandle[] | undefined {
    if (!this.support.candles || this.closed) return undefined;
    let feed = this.candleFeeds.get(interval);
    if (!feed) {
      const streamed = new Map<number, ExchangeCandle>();
      const loop = new WatchLoop(
        () => this.exchange.watchOHLCV(this.symbol, interval),
        this.now,
        (rows) => {
          for (const row of rows) {
            const candle = candleOf(row);
            streamed.set(candle.openTime, candle);
          }
        },
      );
      feed = { loop, history: undefined, streamed };
      this.candleFeeds.set(interval, feed);
    }
    // The history must be taken while the stream is up, so no candle falls between the two.
    if (feed.loop.current() === undefined) {
      feed.history = undefined;
      return undefined;
    }
    if (!feed.history || feed.history.length < limit) return undefined;
    const merged = new Map(feed.history.map((c) => [c.openTime, c]));
    for (const [time, candle] of feed.streamed) merged.set(time, candle);
    return [...merged.values()].sort((a, b) => a.openTime - b.openTime).slice(-limit);
  }

  /** Records a REST answer as the history under a live candle stream. */
  seedCandles(interval: string, candles: ExchangeCandle[]): void {
    const feed = this.candleFeeds.get(interval);
    if (feed?.loop.current() !== undefined) {
      feed.history = candles;
      feed.streamed.clear();
    }
  }

  close(): void {
    this.closed = true;
    this.book?.stop();
    this.tickerLoop?.loop.stop();
    for (const feed of this.candleFeeds.values()) feed.loop.stop();
  }
}
