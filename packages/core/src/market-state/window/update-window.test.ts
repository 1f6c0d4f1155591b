import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CandleSeries, updateWindow } from './update-window.js';

const MINUTE = 60_000;

/** Candles opened every 15 min from t0, with close = the given prices and open/high/low around it. */
function series(t0: number, closes: number[]): CandleSeries {
  return {
    id: closes.map((_, index) => t0 + index * 15 * MINUTE),
    open: closes.map((close) => close - 1),
    high: closes.map((close) => close + 2),
    low: closes.map((close) => close - 2),
    close: [...closes],
  };
}

const T0 = 1_700_000_100_000 - (1_700_000_100_000 % (15 * MINUTE));

describe('updateWindow', () => {
  it('refreshes the last candle when the open time is the same', () => {
    const window = series(T0, [10, 11, 12]);
    const fetched = { id: [T0 + 30 * MINUTE], open: [11], high: [20], low: [5], close: [19] };
    const result = updateWindow(window, fetched, 3);
    expect(result.outcome).toBe('updated');
    expect(result.window.close).toEqual([10, 11, 19]);
    expect(result.window.high).toEqual([12, 13, 20]);
    expect(result.window.low).toEqual([8, 9, 5]);
    expect(result.window.open).toEqual([9, 10, 11]); // the open of a candle never changes
    expect(window.close).toEqual([10, 11, 12]); // the input is untouched
  });

  it('finalises the previous candle, appends the next and drops the oldest', () => {
    const window = series(T0, [10, 11, 12]);
    const fetched = {
      id: [T0 + 30 * MINUTE, T0 + 45 * MINUTE],
      open: [11, 12.5],
      high: [15, 13],
      low: [9, 12],
      close: [12.5, 12.7],
    };
    const result = updateWindow(window, fetched, 3);
    expect(result.outcome).toBe('appended');
    expect(result.window).toEqual({
      id: [T0 + 15 * MINUTE, T0 + 30 * MINUTE, T0 + 45 * MINUTE],
      open: [10, 11, 12.5],
      high: [13, 15, 13],
      low: [9, 9, 12],
      close: [11, 12.5, 12.7],
    });
  });

  it.each([
    ['a gap of one candle', [T0 + 45 * MINUTE, T0 + 60 * MINUTE]],
    ['a stale fetch', [T0, T0 + 15 * MINUTE]],
    ['a new candle without the previous one', [T0 + 45 * MINUTE]],
    ['a next candle at the wrong interval', [T0 + 30 * MINUTE, T0 + 50 * MINUTE]],
  ])('refuses %s and keeps the window', (_, ids) => {
    const window = series(T0, [10, 11, 12]);
    const fetched = {
      id: ids,
      open: ids.map(() => 1),
      high: ids.map(() => 1),
      low: ids.map(() => 1),
      close: ids.map(() => 1),
    };
    const result = updateWindow(window, fetched, 3);
    expect(result.outcome).toBe('integrity-failure');
    expect(result.window).toBe(window);
  });

  it('keeps the length at size through any run of updates', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.tuple(fc.boolean(), fc.double({ min: 1, max: 1e6, noNaN: true })), { maxLength: 60 }),
        (size, steps) => {
          let window = series(
            T0,
            Array.from({ length: size }, (_, index) => 100 + index),
          );
          for (const [next, price] of steps) {
            const last = window.id[window.id.length - 1]!;
            const fetched = next
              ? {
                  id: [last, last + 15 * MINUTE],
                  open: [price, price],
                  high: [price, price],
                  low: [price, price],
                  close: [price, price],
                }
              : { id: [last], open: [price], high: [price], low: [price], close: [price] };
            const result = updateWindow(window, fetched, size);
            expect(result.outcome).toBe(next ? 'appended' : 'updated');
            window = result.window;
            for (const key of ['id', 'open', 'high', 'low', 'close'] as const)
              expect(window[key]).toHaveLength(size);
          }
        },
      ),
    );
  });

  it('trims a window longer than size', () => {
    const result = updateWindow(series(T0, [11, 12, 13, 14]), series(T0 + 45 * MINUTE, [15]), 2);
    expect(result.outcome).toBe('updated');
    expect(result.window.close).toEqual([13, 15]);
  });

  it('rejects malformed series (2506) and sizes (2507)', () => {
    const window = series(T0, [10, 11]);
    const bad: unknown[] = [
      { ...window, close: [10] },
      { ...window, close: [10, Number.NaN] },
      { ...window, low: [10, -1] },
      { ...window, id: [T0, T0] },
      { ...window, id: [T0, 1.5] },
      series(T0, []),
      null,
    ];
    for (const input of bad) {
      expect(() => updateWindow(input as CandleSeries, window, 2)).toThrow(
        expect.objectContaining({ code: 2506 }),
      );
      expect(() => updateWindow(window, input as CandleSeries, 2)).toThrow(
        expect.objectContaining({ code: 2506 }),
      );
    }
    for (const size of [0, 1.5, Number.NaN, -3]) {
      expect(() => updateWindow(window, window, size)).toThrow(expect.objectContaining({ code: 2507 }));
    }
  });
});
