import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, pctChange, roundNumber } from './decimal.js';
import { pctDecimal, round2HalfUp } from './fast.js';

/** Decimals of every shape: 2 dp prices, long fractions, big and tiny exponents, zero and below. */
const decimal = fc.oneof(
  fc.integer({ min: 1, max: 1e10 }).map((cents) => new Decimal(cents).dividedBy(100)),
  fc.bigInt({ min: 1n, max: 10n ** 30n }).map((n) => new Decimal(n.toString()).dividedBy(1e12)),
  fc
    .tuple(fc.integer({ min: 1, max: 999_999_999 }), fc.integer({ min: -320, max: 320 }))
    .map(([m, e]) => new Decimal(`${m}e${e}`)),
  fc.constantFrom(new Decimal(0), new Decimal(-5), new Decimal('0.1'), new Decimal('123456789012345.6')),
);

function outcome(run: () => number): number | string {
  try {
    return run();
  } catch (error) {
    return String(error);
  }
}

describe('pctDecimal', () => {
  it('is pctChange for any two decimals, errors included', () => {
    fc.assert(
      fc.property(decimal, decimal, (base, value) => {
        expect(outcome(() => pctDecimal(base, value))).toEqual(outcome(() => pctChange(base, value)));
      }),
      { numRuns: 5000 },
    );
  });

  it('rounds the ties of 2 dp prices up like pctChange', () => {
    // pct(200, 200.01) = 0.01 / 200 × 100 = 0.005 → 0.01; pct(200, 199.99) → −0.01
    expect(pctDecimal(new Decimal(200), new Decimal('200.01'))).toBe(0.01);
    expect(pctDecimal(new Decimal(200), new Decimal('199.99'))).toBe(-0.01);
    // 17 significant digits do not fit a double (1.0000000000000001 reads as 1, where the change
    // would be a tie 0.005 → 0.01): the exact path gives 0.0000499999999999999 / 1.0000000000000001
    // × 100 = 0.00499999999999999… → 0
    expect(pctDecimal(new Decimal('1.0000000000000001'), new Decimal('1.00005'))).toBe(0);
    expect(pctDecimal(new Decimal('1000000000000000.1'), new Decimal('2000000000000000.2'))).toBe(100);
  });
});

describe('round2HalfUp on 3-decimal ties', () => {
  it('rounds x.xx5 away from zero like roundNumber, up to 1e12 and past it', () => {
    const tie = fc
      .tuple(fc.integer({ min: 0, max: 1e14 }), fc.boolean(), fc.integer({ min: -3, max: 3 }))
      .map(([k, negative, scale]) => ((negative ? -1 : 1) * (k * 10 + 5)) / 1000 / 10 ** scale);
    fc.assert(
      fc.property(tie, (x) => {
        expect(round2HalfUp(x)).toBe(roundNumber(x, 2, 'ROUND_HALF_UP'));
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    [8.125, 8.13], // 25 % of 32.5: a real tie of the reversal points
    [24.375, 24.38], // 75 % of 32.5
    [-8.125, -8.13],
    [1.005, 1.01], // the double is below 1.005, its shortest string is the tie: up
    [999_999_999_999.995, 1_000_000_000_000], // at the limit
  ])('%s → %s', (x, expected) => {
    expect(round2HalfUp(x)).toBe(expected);
    expect(roundNumber(x, 2, 'ROUND_HALF_UP')).toBe(expected);
  });
});
