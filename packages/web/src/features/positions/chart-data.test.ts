import { describe, expect, it } from 'vitest';
import { tradeMarkers } from './chart-data';
import type { TradeRecord } from './types';

const trade = (id: number, side: 'BUY' | 'SELL', time: number) => ({ id, side, time }) as TradeRecord;

describe('chart data', () => {
  it('puts each trade on its minute candle, in time order, buy below and sell above', () => {
    // 185_000 ms → minute 180_000 ms → 180 s; 61_000 ms → 60 s
    const markers = tradeMarkers([trade(2, 'SELL', 185_000), trade(1, 'BUY', 61_000)]);
    expect(markers).toEqual([
      { time: 60, position: 'belowBar', color: '#0f766e', shape: 'arrowUp', text: 'Buy' },
      { time: 180, position: 'aboveBar', color: '#dc2626', shape: 'arrowDown', text: 'Sell' },
    ]);
  });
});
