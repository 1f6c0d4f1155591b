import type { KitCandle } from './types.js';

/**
 * `count` one-minute candles ending before `end` (ms, a minute boundary), closing 30000, 30010,
 * 30020 …: the market-data tests of every stand-in read them back through ccxt.
 */
export function minuteCandles(end: number, count: number): KitCandle[] {
  return Array.from({ length: count }, (_, i) => {
    const close = 30000 + 10 * i;
    return {
      openTime: end - (count - i) * 60_000,
      open: String(close - 5),
      high: String(close + 5),
      low: String(close - 10),
      close: String(close),
      volume: '1.5',
    };
  });
}

/**
 * `count` flat candles of `intervalMs` at `price`, the last one the current one at `now`: a calm
 * market for tests of orders (the engine's window needs 128 of them).
 */
export function flatCandles(price: string, intervalMs: number, count: number, now = Date.now()): KitCandle[] {
  const last = Math.floor(now / intervalMs) * intervalMs;
  return Array.from({ length: count }, (_, i) => ({
    openTime: last - (count - 1 - i) * intervalMs,
    open: price,
    high: price,
    low: price,
    close: price,
    volume: '1',
  }));
}
