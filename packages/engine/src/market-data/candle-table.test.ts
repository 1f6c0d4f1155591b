import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commonInterval, firstAtOrAfter } from './candle-table.js';

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

describe('commonInterval', () => {
  it('counts every step, in runs or scattered, and breaks a tie by the smaller step', () => {
    // Steps 1, 1, 1, 2, 2, 2: a tie (3 each), the smaller wins.
    expect(commonInterval(Float64Array.from([0, 1, 2, 3, 5, 7, 9]))).toBe(1);
    // Steps 2, 1, 2, 1, 2: 2 three times.
    expect(commonInterval(Float64Array.from([0, 2, 3, 5, 6, 8]))).toBe(2);
    // Steps 5, 1, 1, 5, 5, 5 (a run broken by a gap): 5 four times.
    expect(commonInterval(Float64Array.from([0, 5, 6, 7, 12, 17, 22]))).toBe(5);
    expect(commonInterval(Float64Array.from([42]))).toBe(0);
  });
});
