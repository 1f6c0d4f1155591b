import BigNumber from 'bignumber.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeOf } from '../testing/code-of.js';
import {
  Decimal,
  pctChange,
  ROUNDING_MODES,
  type RoundingMode,
  roundDecimal,
  roundNumber,
  toDecimal,
} from './decimal.js';

describe('toDecimal', () => {
  it('reads strings exactly and refuses what is not a finite number', () => {
    expect(toDecimal('0.1').plus('0.2').toString()).toBe('0.3');
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, '', '  ', 'abc', '1e', {} as never]) {
      expect(codeOf(() => toDecimal(bad))).toBe(1500);
    }
  });

  it('passes a finite Decimal through and reads other BigNumbers as Decimals', () => {
    const decimal = new Decimal('84123.45');
    expect(toDecimal(decimal)).toBe(decimal);
    const foreign = new (BigNumber.clone({ DECIMAL_PLACES: 2 }))('1.005');
    const read = toDecimal(foreign);
    expect(read).toBeInstanceOf(Decimal);
    expect(read.dividedBy(3).toFixed()).toBe(new Decimal('1.005').dividedBy(3).toFixed());
    expect(codeOf(() => toDecimal(new Decimal(Number.NaN)))).toBe(1500);
  });
});

describe('roundDecimal', () => {
  // 2.345 at 2 dp: the digit after is 5, so the half modes differ by where they send the tie.
  const cases: Array<[RoundingMode, string, string]> = [
    ['ROUND_UP', '2.341', '2.35'],
    ['ROUND_DOWN', '2.349', '2.34'],
    ['ROUND_CEIL', '-2.349', '-2.34'],
    ['ROUND_FLOOR', '-2.341', '-2.35'],
    ['ROUND_HALF_UP', '2.345', '2.35'],
    ['ROUND_HALF_DOWN', '2.345', '2.34'],
    ['ROUND_HALF_EVEN', '2.345', '2.34'],
    ['ROUND_HALF_CEIL', '-2.345', '-2.34'],
    ['ROUND_HALF_FLOOR', '2.345', '2.34'],
  ];
  it.each(cases)('%s rounds %s to %s', (mode, input, expected) => {
    expect(roundDecimal(input, 2, mode).toString()).toBe(expected);
  });

  it('defaults to 2 dp half up and checks its arguments', () => {
    expect(roundDecimal('1.005').toString()).toBe('1.01');
    expect(codeOf(() => roundDecimal('1', 101))).toBe(1501);
    expect(codeOf(() => roundDecimal('1', -1))).toBe(1501);
    expect(codeOf(() => roundDecimal('1', 1.5))).toBe(1501);
    expect(codeOf(() => roundDecimal('1', 2, 'ROUND_SIDEWAYS' as RoundingMode))).toBe(1502);
    expect(codeOf(() => roundDecimal('1', 2, 'toString' as RoundingMode))).toBe(1502);
  });

  it('rounds plain numbers without float drift', () => {
    // 1.005 is 1.00499999999999989… as a double; rounding its shortest decimal form gives 1.01.
    expect(roundNumber(1.005)).toBe(1.01);
    expect(roundNumber(-0.125, 2)).toBe(-0.13);
  });

  it('never moves a value by more than one unit of the last place', () => {
    const modes = Object.keys(ROUNDING_MODES) as RoundingMode[];
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom(...modes),
        (value, dp, mode) => {
          const rounded = roundDecimal(value, dp, mode);
          // 10 ** -dp as a double is a hair under the unit (1e-5 is 0.00000999…): compare exactly.
          const unit = new Decimal(10).pow(-dp);
          expect(rounded.minus(value).abs().isLessThanOrEqualTo(unit)).toBe(true);
          expect(rounded.decimalPlaces()).toBeLessThanOrEqual(dp);
        },
      ),
    );
  });
});

describe('pctChange', () => {
  it('follows (b − a) / a × 100 at 2 dp, and −100 when b ≤ 0', () => {
    expect(pctChange(1, 4)).toBe(300); // (4 − 1) / 1 × 100
    expect(pctChange(1, 0.92)).toBe(-8); // (0.92 − 1) / 1 × 100
    expect(pctChange(3, 4)).toBe(33.33); // 33.333… half up
    expect(pctChange(100, 0)).toBe(-100);
    expect(pctChange(100, -5)).toBe(-100);
  });

  it('refuses a base that is not > 0', () => {
    expect(codeOf(() => pctChange(0, 1))).toBe(1504);
    expect(codeOf(() => pctChange(-1, 1))).toBe(1504);
    expect(codeOf(() => pctChange(Number.NaN, 1))).toBe(1500);
  });
});
