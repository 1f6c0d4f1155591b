import { describe, expect, it } from 'vitest';
import { historyChartKind, positionPriceLines, tradeMarkers } from './chart-data';
import type { TradeRecord } from './types';

const trade = (id: number, side: 'BUY' | 'SELL', time: number) => ({ id, side, time }) as TradeRecord;
const candle = (time: number, low: number, high: number) => ({ time, open: low, high, low, close: high });

describe('chart data', () => {
  it('puts each trade on its minute candle, in time order, buy below and sell above', () => {
    // 185_000 ms → minute 180_000 ms → 180 s; 61_000 ms → 60 s
    const markers = tradeMarkers([trade(2, 'SELL', 185_000), trade(1, 'BUY', 61_000)]);
    expect(markers).toEqual([
      { time: 60, position: 'belowBar', color: '#0f766e', shape: 'arrowUp', text: 'Buy' },
      { time: 180, position: 'aboveBar', color: '#dc2626', shape: 'arrowDown', text: 'Sell' },
    ]);
  });

  it('draws a line when the minutes hold one price each (a 60× replay), candles when they have ranges', () => {
    const flat = [candle(60, 100, 100), candle(240, 101, 101), candle(420, 99, 99)];
    expect(historyChartKind(flat)).toBe('line');
    expect(historyChartKind([candle(60, 99, 101), candle(120, 100, 102), candle(180, 100, 100)])).toBe(
      'candles',
    );
    expect(historyChartKind([])).toBe('line');
  });

  it('draws the entry price, and the decrease levels while the position is active', () => {
    const position = {
      entry_price: '70000.00',
      decrease_price_levels: ['71050.00', '72100.00'],
      close: null,
    };
    expect(positionPriceLines(position).map((line) => [line.title, line.price, line.lineStyle])).toEqual([
      ['Entry', 70000, 0],
      ['Level 1', 71050, 2],
      ['Level 2', 72100, 2],
    ]);
    expect(positionPriceLines({ ...position, close: 5 }).map((line) => line.title)).toEqual(['Entry']);
  });
});
