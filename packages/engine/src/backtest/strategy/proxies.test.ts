import { describe, expect, it } from 'vitest';
import { candleTableFrom } from '../../market-data/candle-table.js';
import { bidDominanceProxy, proxyStatement } from './proxies.js';

describe('bidDominanceProxy', () => {
  // [time, open, high, low, close]
  const table = candleTableFrom([
    [0, 10, 12, 8, 12], // close at the high: (12 − 8) / (12 − 8) = 1
    [1, 12, 12, 8, 9], // (9 − 8) / 4 = 0.25
    [2, 9, 9, 9, 9], // flat: 0.5
  ]);

  it('is 100 × where the close sits in the range, averaged over the last candles', () => {
    expect(bidDominanceProxy(table, 0, 1)).toBe(100);
    expect(bidDominanceProxy(table, 1, 1)).toBe(25);
    expect(bidDominanceProxy(table, 2, 1)).toBe(50);
    // (1 + 0.25 + 0.5) / 3 × 100 = 58.33…
    expect(bidDominanceProxy(table, 2, 3)).toBeCloseTo(58.333, 3);
    // Only one candle exists before index 0 (itself): 100.
    expect(bidDominanceProxy(table, 0, 4)).toBe(100);
  });

  it('is stated in words, with the candle count and interval', () => {
    expect(proxyStatement({ liquidityCandles: 1 }, '15m').liquidity).toContain('of the last 15m candle');
    expect(proxyStatement({ liquidityCandles: 4 }, '1h').liquidity).toContain('over the last 4 1h candles');
    expect(proxyStatement({ liquidityCandles: 1 }, '15m').coins).toContain('35 + 32.5 + 16.25 = 83.75');
  });
});
