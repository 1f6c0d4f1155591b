import { describe, expect, it } from 'vitest';
import { buildMarkers, buildPriceLines } from './chart-overlays';

const FIRST = 900_000; // the window's first candle opens at 900 s
const INTERVAL = 900_000; // 15-minute candles

describe('buildMarkers', () => {
  it('puts buys below and sells above the candle holding the trade, in time order', () => {
    const markers = buildMarkers(
      [
        // 2,700,000 − (1,800,000 % 900,000 = 0) → the candle at 2,700 s
        { id: 2, side: 'SELL', time: 2_700_000 + 1_000, price: '110' },
        // 1,000,000 − ((1,000,000 − 900,000) % 900,000 = 100,000) → the candle at 900 s
        { id: 1, side: 'BUY', time: 1_000_000, price: '100' },
        { id: 0, side: 'BUY', time: 100, price: '90' }, // before the window: left out
      ],
      FIRST,
      INTERVAL,
    );
    expect(markers).toEqual([
      { time: 900, position: 'belowBar', color: '#0f766e', shape: 'arrowUp', text: 'Buy' },
      { time: 2700, position: 'aboveBar', color: '#dc2626', shape: 'arrowDown', text: 'Sell' },
    ]);
  });
});

describe('buildPriceLines', () => {
  it('draws the plan’s level prices with the default width 2 and style 2', () => {
    const lines = buildPriceLines([{ price: '101.50' }, { price: '103.50' }], ['1', '2']);
    expect(lines.map((line) => [line.id, line.price, line.title, line.lineWidth, line.lineStyle])).toEqual([
      ['decrease-level-1', 101.5, 'Level 1', 2, 2],
      ['decrease-level-2', 103.5, 'Level 2', 2, 2],
    ]);
  });
  it('falls back to the position’s decrease price levels', () => {
    expect(buildPriceLines(undefined, ['105']).map((line) => line.price)).toEqual([105]);
    expect(buildPriceLines([], [])).toEqual([]);
  });
});
