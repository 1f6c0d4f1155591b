import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstAtOrAfter } from './candle-table.js';

describe('firstAtOrAfter', () => {
  it('finds what a step-by-step scan finds in strictly ascending times (property)', () => {
    const ascending = fc
      .uniqueArray(fc.integer({ min: 0, max: 10_000 }), { maxLength: 300 })
      .map((values) => Float64Array.from(values.sort((a, b) => a - b)));
    fc.assert(
      fc.property(ascending, fc.nat(320), fc.integer({ min: -5, max: 10_005 }), (time, from, value) => {
        let scanned = from;
        while (scanned < time.length && time[scanned]! < value) scanned++;
        expect(firstAtOrAfter(time, from, value)).toBe(Math.max(from, Math.min(scanned, time.length)));
      }),
    );
    expect(firstAtOrAfter(Float64Array.of(1, 2, 3), 0, Number.NaN)).toBe(3); // no time is ≥ NaN
  });
});
