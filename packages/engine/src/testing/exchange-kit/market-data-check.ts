import type { Exchange } from 'ccxt';
import { expect } from 'vitest';
import type { KitState } from './exchange.js';
import { minuteCandles } from './fixtures.js';

/**
 * Test helper: reads the ticker, the order book (`depth` levels asked) and three one-minute
 * candles of `symbol` through a real ccxt client and checks them against the kit's default
 * market (btcMarket: 30000, bids 29999/29998, asks 30001/30002).
 */
export async function expectMarketData(exchange: Exchange, state: KitState, symbol: string, depth: number) {
  const end = Math.floor(Date.now() / 60_000) * 60_000;
  state.account.setCandles(symbol, '1m', minuteCandles(end, 3));
  const ticker = await exchange.fetchTicker(symbol);
  expect([ticker.last, ticker.bid, ticker.ask]).toEqual([30000, 29999, 30001]);
  const book = await exchange.fetchOrderBook(symbol, depth);
  const top = (side: number[][]) => side.slice(0, 2).map((level) => level.slice(0, 2));
  expect([top(book.bids as number[][]), top(book.asks as number[][])]).toEqual([
    [
      [29999, 0.5],
      [29998, 0.5],
    ],
    [
      [30001, 0.5],
      [30002, 0.5],
    ],
  ]);
  const candles = await exchange.fetchOHLCV(symbol, '1m', end - 3 * 60_000, 3);
  expect(candles.map((c) => [c[0], c[4]])).toEqual([
    [end - 180_000, 30000],
    [end - 120_000, 30010],
    [end - 60_000, 30020],
  ]);
}
