import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashInts, uniform } from './prng.js';

describe('prng', () => {
  it('is a pure function of its integers, in [0, 1)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2 ** 40 }), { maxLength: 4 }), (values) => {
        const u = uniform(...values);
        expect(uniform(...values)).toBe(u);
        expect(u).toBeGreaterThanOrEqual(0);
        expect(u).toBeLessThan(1);
      }),
    );
  });

  it('separates neighbours and high words', () => {
    expect(hashInts(1, 2)).not.toBe(hashInts(2, 1));
    expect(hashInts(2 ** 32)).not.toBe(hashInts(0));
  });

  it('is roughly uniform: the mean of 10,000 draws is near 0.5', () => {
    let sum = 0;
    for (let i = 0; i < 10_000; i++) sum += uniform(42, i);
    // Standard error of the mean: sqrt(1/12 / 10,000) ≈ 0.0029; 0.02 is about 7 of them.
    expect(Math.abs(sum / 10_000 - 0.5)).toBeLessThan(0.02);
  });
});
