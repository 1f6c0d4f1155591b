import { COIN_SYMBOL_PATTERN as COIN_SYMBOL, CodedError, Decimal } from '@balancer/core';
import type { CandleTable } from '../../market-data/candle-table.js';
import { intervalLabel, rangeIndices } from '../../market-data/candle-table.js';
import type { ExchangeCandle, ExchangeOrderBook, ExchangeTicker } from '../../ports/exchange.js';
import { ALTCOINS, altcoinTicker, btcTicker } from './altcoins.js';
import { BOOK_LEVELS, type BookInput, syntheticBook, touchCents } from './book.js';
import { type MarketConfig, parseMarketConfig } from './market-config.js';
import { formingCandle, pathPrice, type SimCandle } from './price-path.js';
import { type ReplayClock, type ReplayPosition, replayPosition, virtualCandle } from './replay.js';

const DAY_MS = 86_400_000;

/**
 * The simulated market: a pure, deterministic function of (candle table, config, wall time).
 * It holds no timers and no mutable state; every method takes `nowMs` and the same arguments
 * always give the same answer. Real: the candles' OHLCV. Synthetic: the path inside a candle,
 * the order book, the altcoins, and candles of backward passes.
 */
export class SimulatedMarket {
  readonly config: MarketConfig;
  readonly clock: ReplayClock;
  /** The interval of the replayed candles, e.g. '15m'. */
  readonly interval: string;
  private readonly btcReference: number;

  constructor(
    private readonly table: CandleTable,
    config: unknown,
  ) {
    if (table.length < 2 || !(table.intervalMs > 0)) {
      throw new CodedError('EXCHANGE_MARKET_DATA_MISSING', `${table.length} candles`);
    }
    this.config = parseMarketConfig(config);
    const startTime = this.config.startTime ?? table.time[0]!;
    const { start } = rangeIndices(table, startTime, Number.POSITIVE_INFINITY);
    if (start >= table.length || table.time[start] !== startTime) {
      throw new CodedError('EXCHANGE_SIMULATOR_CONFIG_INVALID', `startTime: no candle opens at ${startTime}`);
    }
    this.clock = { startIndex: start, speed: this.config.speed, wallStart: this.config.wallStart };
    this.interval = intervalLabel(table.intervalMs);
    this.btcReference = table.open[0]!;
  }

  /** Virtual candle and fraction at `nowMs`. */
  position(nowMs: number): ReplayPosition {
    return replayPosition(this.table, this.clock, nowMs);
  }

  /** Market time (virtual ms) at wall time `nowMs`. */
  marketTime(nowMs: number): number {
    const { index, fraction } = this.position(nowMs);
    return this.table.time[0]! + (index + fraction) * this.table.intervalMs;
  }

  /** The current price as a number (unrounded path value). */
  priceNumber(nowMs: number): number {
    const { index, fraction } = this.position(nowMs);
    return pathPrice(virtualCandle(this.table, index), fraction);
  }

  /** The current price, quote, rounded half up to cents. */
  price(nowMs: number): string {
    return new Decimal(Math.round(this.priceNumber(nowMs) * 100)).shiftedBy(-2).toFixed(2);
  }

  /**
   * The last `limit` (1–1000) candles, oldest first: completed ones with the file's values, the
   * forming one truncated at the current price. Fewer when the data before the start runs out.
   */
  candles(interval: string, limit: number, nowMs: number): ExchangeCandle[] {
    if (interval !== this.interval) {
      throw new CodedError(
        'EXCHANGE_REQUEST_INVALID',
        `interval ${interval}: only ${this.interval} is replayed`,
      );
    }
    checkLimit(limit, 1000);
    const { index, fraction } = this.position(nowMs);
    const out: ExchangeCandle[] = [];
    for (let k = Math.max(0, index - limit + 1); k < index; k++)
      out.push(toExchange(virtualCandle(this.table, k)));
    const forming = formingCandle(virtualCandle(this.table, index), fraction);
    out.push(
      toExchange({
        ...forming,
        high: cents(forming.high),
        low: cents(forming.low),
        close: cents(forming.close),
        volume: Math.round(forming.volume * 1e8) / 1e8,
      }),
    );
    return out;
  }

  /** The synthetic book with up to `limit` (1–2000) levels per side. */
  orderBook(limit: number, nowMs: number): ExchangeOrderBook {
    checkLimit(limit, BOOK_LEVELS);
    const book = syntheticBook(this.bookInput(nowMs), limit);
    return { ...book, updateId: null, time: nowMs };
  }

  /** Best bid and ask, quote, as decimal strings (market orders fill there). */
  touch(nowMs: number): { bid: string; ask: string } {
    const { bid, ask } = touchCents(this.bookInput(nowMs));
    return { bid: new Decimal(bid).shiftedBy(-2).toFixed(2), ask: new Decimal(ask).shiftedBy(-2).toFixed(2) };
  }

  /**
   * Tickers of `bases` in the order asked: BTC's own replayed price, and the synthetic ALTCOINS.
   * A well-formed coin that is not simulated is left out (as an exchange that does not list it);
   * a malformed symbol is refused.
   */
  tickers(bases: readonly string[], nowMs: number): ExchangeTicker[] {
    const { index, fraction } = this.position(nowMs);
    const candle = virtualCandle(this.table, index);
    const input = {
      btc: pathPrice(candle, fraction),
      btcReference: this.btcReference,
      candle: index,
      fraction,
      btcVolume: candle.volume,
      candlesPerDay: DAY_MS / this.table.intervalMs,
      seed: this.config.seed,
    };
    return bases.flatMap((base) => {
      if (typeof base !== 'string' || !COIN_SYMBOL.test(base))
        throw new CodedError('EXCHANGE_REQUEST_INVALID', `coin ${String(base)} is not a symbol`);
      if (base === 'BTC') return [btcTicker(input)];
      const coinIndex = ALTCOINS.findIndex((coin) => coin.base === base);
      return coinIndex < 0 ? [] : [{ base, ...altcoinTicker(coinIndex, input) }];
    });
  }

  private bookInput(nowMs: number): BookInput {
    const { index, fraction } = this.position(nowMs);
    const previous = virtualCandle(this.table, Math.max(0, index - 1));
    return {
      price: pathPrice(virtualCandle(this.table, index), fraction),
      range: (previous.high - previous.low) / previous.low,
      volume: previous.volume,
      seed: this.config.seed,
      candle: index,
      lean:
        previous.high > previous.low ? (previous.close - previous.low) / (previous.high - previous.low) : 0.5,
    };
  }
}

function checkLimit(limit: number, max: number): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > max) {
    throw new CodedError('EXCHANGE_REQUEST_INVALID', `limit ${limit}: expected an integer 1–${max}`);
  }
}

/** A price rounded half up to cents (the forming candle's values, which the path interpolates). */
function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Completed candles print the file's numbers unchanged (shortest round-trip form). */
function toExchange(candle: SimCandle): ExchangeCandle {
  return {
    openTime: candle.openTime,
    open: String(candle.open),
    high: String(candle.high),
    low: String(candle.low),
    close: String(candle.close),
    volume: String(candle.volume),
  };
}
