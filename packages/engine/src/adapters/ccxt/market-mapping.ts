import type { OHLCV, OrderBook, Ticker } from 'ccxt';
import type { ExchangeCandle, ExchangeOrderBook, ExchangeTicker } from '../../ports/exchange.js';
import { decimalOr, decimalString, timeMs } from './convert.js';

/** ccxt market data (REST or stream; same shapes) as the port's types, decimals as strings. */

export function candleOf(row: OHLCV): ExchangeCandle {
  return {
    openTime: timeMs(row[0], 'ohlcv.time'),
    open: decimalString(row[1], 'ohlcv.open'),
    high: decimalString(row[2], 'ohlcv.high'),
    low: decimalString(row[3], 'ohlcv.low'),
    close: decimalString(row[4], 'ohlcv.close'),
    volume: decimalString(row[5], 'ohlcv.volume'),
  };
}

/** The first `limit` levels per side; `time` when the book carries none. */
export function bookOf(book: OrderBook, limit: number, time: number): ExchangeOrderBook {
  const level = (side: string) => (l: unknown[]) =>
    [decimalString(l[0], `${side}.price`), decimalString(l[1], `${side}.size`)] as [string, string];
  return {
    bids: book.bids.slice(0, limit).map(level('bids')),
    asks: book.asks.slice(0, limit).map(level('asks')),
    updateId: typeof book.nonce === 'number' ? book.nonce : null,
    time: book.timestamp ?? time,
  };
}

export function tickerOf(base: string, ticker: Ticker): ExchangeTicker {
  return {
    base,
    last: decimalString(ticker.last, 'ticker.last'),
    quoteVolume: decimalOr(ticker.quoteVolume, '0', 'ticker.quoteVolume'),
  };
}
