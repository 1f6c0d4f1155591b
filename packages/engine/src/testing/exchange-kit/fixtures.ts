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
