import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, roundDecimal } from './decimal.js';
import * as exact from './fixed.js';

const { fixedOf, fixedText, quotientDown } = exact;

/** Decimal strings as the backtest meets them: up to 12 integer digits and 0–12 decimals, any sign. */
const decimalText = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 12 }))
  .map(([negative, units, scale]) => new Decimal(`${negative ? '-' : ''}${units}e-${scale}`).toFixed());
const positiveText = decimalText.filter((text) => new Decimal(text).isGreaterThan(0));

describe('Fixed', () => {
  it('reads and spells decimals as Decimal does', () => {
    for (const input of [
      '0',
      '0.00100',
      '-1.50',
      '10000',
      '1.',
      84123.45,
      1e-7,
      1e21,
      -0,
      new Decimal('2.5'),
    ]) {
      expect(fixedText(fixedOf(input))).toBe(new Decimal(input).toFixed());
    }
    expect(() => fixedOf('NaN')).toThrow();
    expect(exact.hasAtMostDecimals(fixedOf('0.00100'), 3)).toBe(true); // trailing zeros are no decimals
    expect(exact.hasAtMostDecimals(quotientDown(fixedOf('1'), fixedOf('4'), 5), 2)).toBe(true); // 0.25000
  });

  it('converts to the double Decimal#toNumber gives (property)', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        const value = fixedOf(text);
        // What the backtest spelled and read back before; Decimal's double too (up to the sign
        // of zero: a Fixed has no −0).
        expect(Object.is(exact.fixedToNumber(value), Number(fixedText(value)))).toBe(true);
        expect(exact.fixedToNumber(value)).toBe(new Decimal(text).toNumber() + 0);
      }),
      { numRuns: 5_000 },
    );
    for (const text of [
      '9007199254740993',
      '0.1',
      '-0',
      `0.${'1'.repeat(30)}`,
      '123456789012345678901234.5',
    ]) {
      expect(exact.fixedToNumber(fixedOf(text))).toBe(new Decimal(text).toNumber() + 0);
    }
  });

  it('reads a number through its shortest string, as Decimal does (property)', () => {
    const cents = fc.integer({ min: 1, max: 10 ** 15 }).map((units) => units / 100);
    fc.assert(
      fc.property(fc.oneof(cents, fc.double({ min: 1e-9, max: 1e14, noNaN: true })), (value) => {
        expect(fixedText(fixedOf(value))).toBe(new Decimal(value).toFixed());
      }),
      { numRuns: 2000 },
    );
  });

  it('adds, subtracts, multiplies and compares exactly (property)', () => {
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        const [x, y] = [fixedOf(a), fixedOf(b)];
        const [p, q] = [new Decimal(a), new Decimal(b)];
        expect(fixedText(exact.plus(x, y))).toBe(p.plus(q).toFixed());
        expect(fixedText(exact.minus(x, y))).toBe(p.minus(q).toFixed());
        expect(fixedText(exact.times(x, y))).toBe(p.times(q).toFixed());
        expect(exact.compare(x, y)).toBe(p.comparedTo(q));
      }),
    );
  });

  it('rounds up and divides as Decimal with its named roundings (property)', () => {
    fc.assert(
      fc.property(decimalText, positiveText, fc.integer({ min: 0, max: 10 }), (a, b, decimals) => {
        const quotient = roundDecimal(new Decimal(a).dividedBy(b), decimals, 'ROUND_DOWN');
        expect(fixedText(quotientDown(fixedOf(a), fixedOf(b), decimals))).toBe(quotient.toFixed());
        expect(fixedText(exact.roundUp(fixedOf(a), decimals))).toBe(
          roundDecimal(a, decimals, 'ROUND_UP').toFixed(),
        );
        expect(fixedText(exact.roundDown(fixedOf(a), decimals))).toBe(
          roundDecimal(a, decimals, 'ROUND_DOWN').toFixed(),
        );
        expect(fixedText(exact.roundHalfUp(fixedOf(a), decimals))).toBe(
          roundDecimal(a, decimals, 'ROUND_HALF_UP').toFixed(),
        );
        expect(fixedText(exact.quotientHalfUp(fixedOf(a), fixedOf(b), decimals))).toBe(
          roundDecimal(new Decimal(a).dividedBy(b), decimals, 'ROUND_HALF_UP').toFixed(),
        );
      }),
    );
    // 40 dp half up first, then down: 1 / (1 − 10^-41) is 1 + 10^-41 + …, which reads 1 at 40 dp.
    const nearOne = `0.${'9'.repeat(41)}`;
    expect(fixedText(quotientDown(fixedOf('1'), fixedOf(nearOne), 5))).toBe('1');
    // 0.0123499… with 45 nines reaches 40 dp as 0.01235, then 5 dp down is 0.01235, as Decimal gives.
    const tie = `0.01234${'9'.repeat(45)}`;
    expect(fixedText(quotientDown(fixedOf(tie), fixedOf('1'), 5))).toBe(
      roundDecimal(new Decimal(tie).dividedBy(1), 5, 'ROUND_DOWN').toFixed(),
    );
  });
});
