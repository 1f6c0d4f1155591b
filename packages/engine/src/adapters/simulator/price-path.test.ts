import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formingCandle, pathPrice, type SimCandle } from './price-path.js';

const green: SimCandle = { openTime: 0, open: 100, high: 110, low: 95, close: 105, volume: 30 };
const red: SimCandle = { openTime: 0, open: 105, high: 108, low: 90, close: 92, volume: 30 };

describe('pathPrice', () => {
  it('walks a green candle open → low → high → close at 0, 1/3, 2/3, 1', () => {
    expect([0, 1 / 3, 2 / 3, 1].map((f) => pathPrice(green, f))).toEqual([100, 95, 110, 105]);
  });

  it('walks a red candle open → high → low → close', () => {
    expect([0, 1 / 3, 2 / 3, 1].map((f) => pathPrice(red, f))).toEqual([105, 108, 90, 92]);
  });

  it('is linear between waypoints', () => {
    // Halfway from open 100 (f = 0) to low 95 (f = 1/3): 100 + (95 − 100) · 0.5 = 97.5.
    expect(pathPrice(green, 1 / 6)).toBeCloseTo(97.5, 10);
    // Halfway from high 110 (f = 2/3) to close 105 (f = 1): 107.5.
    expect(pathPrice(green, 5 / 6)).toBeCloseTo(107.5, 10);
  });

  it('never leaves [low, high]', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (f) => {
        for (const candle of [green, red]) {
          const price = pathPrice(candle, f);
          expect(price).toBeGreaterThanOrEqual(candle.low);
          expect(price).toBeLessThanOrEqual(candle.high);
        }
      }),
    );
  });
});

describe('formingCandle', () => {
  it('shows the extremes reached so far and pro-rata volume', () => {
    // f = 1/2 of the green candle: low 95 reached at 1/3; price 95 + (110 − 95) · 0.5 = 102.5.
    const forming = formingCandle(green, 0.5);
    expect(forming).toEqual({ openTime: 0, open: 100, high: 102.5, low: 95, close: 102.5, volume: 15 });
  });

  it('equals the file candle once the path has ended', () => {
    expect(formingCandle(red, 1)).toEqual(red);
  });
});
