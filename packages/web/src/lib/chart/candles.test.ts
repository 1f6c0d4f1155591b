import { describe, expect, it } from 'vitest';
import { toChartCandles } from './candles';

describe('toChartCandles', () => {
  it('turns the event history into candles in seconds', () => {
    const candles = toChartCandles({
      id: [60_000, 120_000],
      open: [1, 2],
      high: [3, 4],
      low: [0, 1],
      close: [2, 3],
    });
    expect(candles).toEqual([
      { time: 60, open: 1, high: 3, low: 0, close: 2 },
      { time: 120, open: 2, high: 4, low: 1, close: 3 },
    ]);
  });
});
