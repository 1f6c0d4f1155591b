import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyDrawdown, pushDrawdown } from '../metrics/drawdown.js';
import { foldSegment, segmentExtremes } from './segments.js';

describe('segment extremes', () => {
  it('give the same drawdown state, bit for bit, as folding every candle', () => {
    fc.assert(
      fc.property(
        // Closes with plateaus and repeats (small integer steps), cut at random bounds, with a
        // holding per segment (BTC may be 0).
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 200 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.array(
          fc.tuple(fc.double({ min: 0, max: 5000, noNaN: true }), fc.double({ min: 0, max: 3, noNaN: true })),
          {
            minLength: 13,
            maxLength: 13,
          },
        ),
        (steps, cuts, holdings) => {
          const close = Float64Array.from(steps, (step) => 100 + step * 0.37);
          const bounds = Int32Array.from(
            new Set([0, ...cuts.map((cut) => cut % close.length)].sort((a, b) => a - b)),
          );
          const extremes = segmentExtremes(close, bounds);
          const fast = emptyDrawdown();
          const slow = emptyDrawdown();
          for (let s = 0; s < bounds.length; s++) {
            const [quote, base] = holdings[s]!;
            foldSegment(extremes, s, quote, base, fast);
            const end = s + 1 < bounds.length ? bounds[s + 1]! : close.length;
            for (let i = bounds[s]!; i < end; i++) pushDrawdown(slow, quote + base * close[i]!);
          }
          expect(fast).toEqual(slow);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keep a record per new high and the low after it', () => {
    // Segment 0: 5 (record), 3, 4, 7 (record), 7, 6; segment 1: 2 (record), 9 (record).
    const extremes = segmentExtremes(Float64Array.from([5, 3, 4, 7, 7, 6, 2, 9]), Int32Array.from([0, 6]));
    expect(Array.from(extremes.recordClose)).toEqual(
      [5, 7, 2, 9].concat(Array(extremes.recordClose.length - 4).fill(0)),
    );
    expect(Array.from(extremes.lowAfter.subarray(0, 4))).toEqual([
      3,
      6,
      Number.POSITIVE_INFINITY,
      Number.POSITIVE_INFINITY,
    ]);
    expect(Array.from(extremes.firstRecord)).toEqual([0, 2, 4]);
  });
});
