import { describe, expect, it } from 'vitest';
import { type ChartCandle, toChartCandles } from '../../lib/chart/candles';
import { planChartUpdate } from './chart-update';

const candle = (time: number, close = 100): ChartCandle => ({ time, open: 100, high: 101, low: 99, close });
const CANDLES = [candle(60), candle(120), candle(180)];
const NOW = 1_000_000;

describe('planChartUpdate (chart data update)', () => {
  it('replaces everything when the chart is empty', () => {
    expect(planChartUpdate({ lastTime: null, loadedAt: null }, CANDLES, NOW)).toEqual({
      kind: 'replace',
      candles: CANDLES,
    });
  });

  it('replaces everything once the refresh interval has passed since the last full load', () => {
    // 5 min = 300,000 ms after the load at NOW − 300,000
    const shown = { lastTime: 180, loadedAt: NOW - 300_000 };
    expect(planChartUpdate(shown, CANDLES, NOW, 5).kind).toBe('replace');
    expect(planChartUpdate({ ...shown, loadedAt: NOW - 299_999 }, CANDLES, NOW, 5).kind).toBe('update');
  });

  it('updates the second-to-last and last candles when the last time differs', () => {
    const update = planChartUpdate({ lastTime: 120, loadedAt: NOW }, CANDLES, NOW);
    expect(update).toEqual({ kind: 'update', candles: [candle(120), candle(180)] });
  });

  it('updates only the last candle when the last time is the same', () => {
    const next = [candle(60), candle(120), candle(180, 105)];
    expect(planChartUpdate({ lastTime: 180, loadedAt: NOW }, next, NOW)).toEqual({
      kind: 'update',
      candles: [candle(180, 105)],
    });
  });

  it('replaces when the window moved back, and does nothing without candles', () => {
    expect(planChartUpdate({ lastTime: 240, loadedAt: NOW }, CANDLES, NOW).kind).toBe('replace');
    expect(planChartUpdate({ lastTime: 240, loadedAt: NOW }, [], NOW).kind).toBe('none');
  });
});

describe('toChartCandles', () => {
  it('turns the parallel arrays into candles with times in seconds', () => {
    const window = { id: [60_000, 120_000], open: [1, 2], high: [3, 4], low: [0.5, 1.5], close: [2, 3] };
    expect(toChartCandles(window)).toEqual([
      { time: 60, open: 1, high: 3, low: 0.5, close: 2 },
      { time: 120, open: 2, high: 4, low: 1.5, close: 3 },
    ]);
  });
});
