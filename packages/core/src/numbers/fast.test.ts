import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pctChange, roundDecimal, roundNumber, toDecimal } from './decimal.js';
import { average2HalfUp, pctNumber, round2HalfUp } from './fast.js';

const anyDouble = fc.double({ noNaN: true, noDefaultInfinity: true });
/** Values with 3 or 4 decimals: half of the 3-decimal ones end in 5, the ties of 2 dp rounding. */
const shortDecimal = fc.oneof(
  fc.integer({ min: -1e12, max: 1e12 }).map((n) => n / 1000),
  fc.integer({ min: -1e12, max: 1e12 }).map((n) => (n * 10 + 5) / 1000),
  fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 10_000),
);
const positiveDouble = fc.double({ min: Number.MIN_VALUE, max: Number.MAX_VALUE, noNaN: true });
const cents = fc.integer({ min: 1, max: 1e9 }).map((n) => n / 100);
/** a = 200m and b = a + m(2k+1)/100: (b − a)/a × 100 = (2k+1)/200 %, an exact .xx5 tie. */
const pctTie = fc
  .tuple(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: -9000, max: 9000 }))
  .map(([m, k]) => [200 * m, 200 * m + (m * (2 * k + 1)) / 100] as const);

describe('round2HalfUp', () => {
  it.each([
    [1.005, 1.01], // the double is 1.00499999999999989…, the decimal '1.005' is a tie: up
    [-1.005, -1.01], // ties go away from zero
    [2.675, 2.68],
    [0.125, 0.13],
    [1.234, 1.23],
    [1e-7, 0],
    [123456789012345.67, 123456789012345.67], // over 1e15 cents: the exact path
    [1e21, 1e21],
  ])('rounds %s to %s', (x, expected) => {
    expect(round2HalfUp(x)).toBe(expected);
  });

  it('keeps the sign of zero like BigNumber', () => {
    expect(Object.is(round2HalfUp(-0.001), -0)).toBe(true);
    expect(Object.is(round2HalfUp(-0), -0)).toBe(true);
    expect(Object.is(round2HalfUp(0.001), 0)).toBe(true);
  });

  it('agrees with roundNumber on every finite number', () => {
    fc.assert(
      fc.property(fc.oneof(anyDouble, shortDecimal), (x) => {
        expect(round2HalfUp(x)).toBe(roundNumber(x, 2, 'ROUND_HALF_UP'));
      }),
      { numRuns: 5000 },
    );
  });

  it('rejects NaN and infinities with INVALID_VALUE (1500)', () => {
    for (const x of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => round2HalfUp(x)).toThrow(expect.objectContaining({ code: 1500 }));
    }
  });
});

describe('pctNumber', () => {
  it.each([
    [1, 4, 300], // (4 − 1)/1 × 100
    [1, 1.07, 7], // the doubles give 7.000000000000001
    [200, 200.01, 0.01], // 0.01/200 × 100 = 0.005 %, a tie: up
    [200, 199.99, -0.01], // −0.005 %: away from zero
    [3, 0, -100], // b ≤ 0
    [3, -1, -100],
    [5, 5, 0],
  ])('pct(%s, %s) = %s', (a, b, expected) => {
    expect(pctNumber(a, b)).toBe(expected);
  });

  it('agrees with pctChange on every finite pair', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(positiveDouble, anyDouble),
          fc.tuple(positiveDouble, positiveDouble),
          fc.tuple(cents, cents),
          pctTie,
        ),
        ([a, b]) => {
          expect(pctNumber(a, b)).toBe(pctChange(a, b));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('gives -0 for a tiny fall, as pctChange does', () => {
    // (99.99999 − 100)/100 × 100 = −0.00001 % rounds to −0
    expect(Object.is(pctNumber(100, 99.99999), -0)).toBe(true);
    expect(Object.is(pctChange(100, 99.99999), -0)).toBe(true);
  });

  it('rejects a base ≤ 0 (1504) and non-finite numbers (1500)', () => {
    expect(() => pctNumber(0, 1)).toThrow(expect.objectContaining({ code: 1504 }));
    expect(() => pctNumber(-2, 1)).toThrow(expect.objectContaining({ code: 1504 }));
    expect(() => pctNumber(Number.NaN, 1)).toThrow(expect.objectContaining({ code: 1500 }));
    expect(() => pctNumber(1, Number.NaN)).toThrow(expect.objectContaining({ code: 1500 }));
    expect(() => pctNumber(1, Number.POSITIVE_INFINITY)).toThrow(expect.objectContaining({ code: 1500 }));
  });
});

describe('average2HalfUp', () => {
  const viaDecimal = (a: number, b: number): number =>
    roundDecimal(toDecimal(a).plus(b).dividedBy(2), 2, 'ROUND_HALF_UP').toNumber();

  it.each([
    [3.5, 5.13, 4.32], // (3.5 + 5.13)/2 = 4.315, a tie: up (doubles give 4.3149999999999995)
    [1, 2, 1.5],
    [-1, -0.01, -0.51], // −0.505: away from zero
    [2.25, 3.71, 2.98],
  ])('avg(%s, %s) = %s', (a, b, expected) => {
    expect(average2HalfUp(a, b)).toBe(expected);
  });

  it('agrees with the decimal computation on every finite pair', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(anyDouble, anyDouble),
          fc.tuple(shortDecimal, shortDecimal),
          fc.tuple(cents, cents),
        ),
        ([a, b]) => {
          expect(average2HalfUp(a, b)).toBe(viaDecimal(a, b));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('rejects non-finite numbers with INVALID_VALUE (1500)', () => {
    expect(() => average2HalfUp(Number.NaN, 1)).toThrow(expect.objectContaining({ code: 1500 }));
    expect(() => average2HalfUp(1, Number.NEGATIVE_INFINITY)).toThrow(
      expect.objectContaining({ code: 1500 }),
    );
  });
});
