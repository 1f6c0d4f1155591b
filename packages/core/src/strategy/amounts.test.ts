import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, roundDecimal } from '../numbers/decimal.js';
import { fixedOf, fixedText } from '../numbers/fixed.js';
import { desiredDecrease } from './amounts.js';

/** The rule as written before the shift: the share divided by 100 (40 dp, half up), 5 dp down. */
function referencePart(amount: Decimal, percentage: number): string {
  const part = roundDecimal(amount.times(percentage).dividedBy(100), 5, 'ROUND_DOWN');
  return Decimal.max(part, '0.0002').toFixed();
}

const input = (positionAmount: string, percentage: number) => ({
  positionAmount: fixedOf(positionAmount),
  percentage: fixedOf(percentage),
  price: fixedOf('100000'),
  freeBase: fixedOf('100'),
  increaseAmountQuote: fixedOf('10'),
});

describe('desiredDecrease share', () => {
  it('equals the division by 100 for amounts of up to 12 decimals', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10n ** 9n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 100, max: 10_000 }),
        (units, places, hundredths) => {
          const amount = new Decimal(units.toString()).shiftedBy(-places).shiftedBy(-3);
          const percentage = hundredths / 100;
          const result = desiredDecrease(input(amount.toFixed(), percentage));
          if (!result.wholePosition)
            expect(fixedText(result.amountBase)).toBe(referencePart(amount, percentage));
        },
      ),
    );
  });

  it('keeps the 40-decimal half-up rounding of the division where it decides the 5th decimal', () => {
    // 0.0099999…95 (39 nines, 41 decimals) × 50 ÷ 100 = 0.0049999…975: rounded to 40 decimals it
    // becomes 0.005, so the part is 0.005, not 0.00499.
    const amount = `0.00${'9'.repeat(38)}5`;
    expect(new Decimal(amount).times(50).decimalPlaces()).toBeGreaterThan(38);
    expect(referencePart(new Decimal(amount), 50)).toBe('0.005');
    const part = desiredDecrease(input(amount, 50));
    expect([fixedText(part.amountBase), part.wholePosition]).toEqual(['0.005', false]);
  });
});
