import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BookLevel, mergedSizes } from './book.js';

const range = { low: 90, includeLow: true, high: 100, includeHigh: false };

describe('mergedSizes', () => {
  it('keeps levels in range and sums the sizes of one whole price unit', () => {
    const bids: BookLevel[] = [
      [100, 5], // the price itself: out
      [99.5, 1],
      [99.2, 1], // with 99.5: unit 99 → 2
      [98, 4],
      [95, 0], // size 0 is a deletion
      [90, 3], // the low edge: in
      [89.99, 7], // floored to 89: out
      [100.4, 2], // floored to 100, the price: out
    ];
    expect(mergedSizes(bids, range, 'bids')).toEqual([2, 4, 3]);
  });

  it('gives the same sizes for any order of the levels', () => {
    const level = fc.tuple(
      fc.double({ min: 85, max: 105, noNaN: true }),
      fc.double({ min: 0, max: 50, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(level, { maxLength: 60 }), (levels) => {
        const sorted = [...levels].sort((a, b) => a[0] - b[0]);
        const shuffled = [...levels].reverse();
        const key = (sizes: number[]) => sizes.map((size) => size.toFixed(6)).sort();
        expect(key(mergedSizes(shuffled, range, 'bids'))).toEqual(key(mergedSizes(sorted, range, 'bids')));
        const units = new Set(
          sorted
            .filter(([p, s]) => s > 0 && Math.floor(p) >= 90 && Math.floor(p) < 100)
            .map(([p]) => Math.floor(p)),
        );
        expect(mergedSizes(sorted, range, 'bids')).toHaveLength(units.size);
      }),
    );
  });

  it('rejects malformed levels with INVALID_ORDER_BOOK (2508)', () => {
    for (const level of [
      [Number.NaN, 1],
      [0, 1],
      [-1, 1],
      [95, -1],
      [95, Number.POSITIVE_INFINITY],
      [95],
      'x',
    ]) {
      expect(() => mergedSizes([level as BookLevel], range, 'bids')).toThrow(
        expect.objectContaining({ code: 2508 }),
      );
    }
    expect(() => mergedSizes('x' as never, range, 'asks')).toThrow(expect.objectContaining({ code: 2508 }));
  });
});
