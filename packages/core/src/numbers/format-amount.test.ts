import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeOf } from '../testing/code-of.js';
import { Decimal, type RoundingMode, roundDecimal } from './decimal.js';
import {
  formatBitcoin,
  formatDecimal,
  formatDollars,
  formatPercent,
  GROUPED_PERCENT_DECIMALS,
  groupThousands,
} from './format-amount.js';

describe('formatDollars', () => {
  const cases: Array<[string | number, string]> = [
    [0, '$0.00'],
    ['1234.5', '$1,234.50'],
    ['-1234.5', '-$1,234.50'],
    ['0.005', '$0.01'], // tie at the 3rd decimal, half up goes away from zero
    ['-0.005', '-$0.01'], // the same tie on the negative side
    ['0.0049999', '$0.00'],
    ['-0.004', '$0.00'], // rounds to zero: no '-$0.00'
    ['999.995', '$1,000.00'], // the carry crosses into a new group
    ['1234567890123456789012345.678', '$1,234,567,890,123,456,789,012,345.68'], // beyond 2^53, exact
    [0.1 + 0.2, '$0.30'], // 0.30000000000000004 read as that decimal, then rounded
    ['1e21', '$1,000,000,000,000,000,000,000.00'],
    ['100', '$100.00'],
    ['1000', '$1,000.00'],
  ];
  it.each(cases)('%s → %s', (input, expected) => {
    expect(formatDollars(input)).toBe(expected);
  });

  it('takes other decimal places and a named rounding mode', () => {
    expect(formatDollars('2.345', { mode: 'ROUND_HALF_EVEN' })).toBe('$2.34'); // tie to the even 4
    expect(formatDollars('2.341', { mode: 'ROUND_UP' })).toBe('$2.35');
    expect(formatDollars('-2.349', { mode: 'ROUND_CEIL' })).toBe('-$2.34'); // ceil goes towards +∞
    expect(formatDollars('1234.5678', { decimalPlaces: 0 })).toBe('$1,235');
    expect(formatDollars('1234.5678', { decimalPlaces: 3 })).toBe('$1,234.568');
  });

  it('rejects what is not a number, bad decimal places and bad modes with coded errors', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, '', 'abc', '1,234', '$5', {} as never]) {
      expect(codeOf(() => formatDollars(bad))).toBe(1500); // INVALID_VALUE
    }
    for (const decimalPlaces of [-1, 1.5, 101, Number.NaN]) {
      expect(codeOf(() => formatDollars('1', { decimalPlaces }))).toBe(1501); // INVALID_DECIMAL_PLACES
    }
    for (const mode of ['HALF_UP', 'toString', 'constructor', 4 as never]) {
      expect(codeOf(() => formatDollars('1', { mode: mode as RoundingMode }))).toBe(1502);
    }
  });
});

describe('formatBitcoin', () => {
  const cases: Array<[string | number, string]> = [
    [0, '₿0.00000000'],
    ['0.00012345', '₿0.00012345'],
    ['1.000000005', '₿1.00000001'], // tie at the 9th decimal, half up
    ['-0.5', '-₿0.50000000'],
    ['-0.000000004', '₿0.00000000'], // rounds to zero: no sign
    ['21000000', '₿21,000,000.00000000'],
  ];
  it.each(cases)('%s → %s', (input, expected) => {
    expect(formatBitcoin(input)).toBe(expected);
  });

  it('rounds down when asked (never show more than is held)', () => {
    expect(formatBitcoin('0.123456789', { mode: 'ROUND_DOWN' })).toBe('₿0.12345678');
  });
});

describe('formatPercent', () => {
  const cases: Array<[string | number, string]> = [
    [1.234, '+1.23%'],
    [-0.5, '-0.50%'],
    [0, '0.00%'],
    ['0.004', '0.00%'], // rounds to zero: no sign
    ['-0.004', '0.00%'],
    ['0.005', '+0.01%'], // half up
    ['-0.005', '-0.01%'],
    ['1234.5', '+1,234.50%'],
    [-100, '-100.00%'],
  ];
  it.each(cases)('%s → %s', (input, expected) => {
    expect(formatPercent(input)).toBe(expected);
  });

  it('shows 1 decimal in the grouped summary', () => {
    expect(formatPercent('1.25', { decimalPlaces: GROUPED_PERCENT_DECIMALS })).toBe('+1.3%'); // tie up
    expect(formatPercent('-0.04', { decimalPlaces: GROUPED_PERCENT_DECIMALS })).toBe('0.0%');
    expect(formatPercent('1.25', { decimalPlaces: 1, mode: 'ROUND_HALF_DOWN' })).toBe('+1.2%');
  });

  it('rejects non-numbers', () => {
    expect(codeOf(() => formatPercent('12%'))).toBe(1500);
  });
});

describe('formatDecimal and groupThousands', () => {
  it('groups every three integer digits and leaves decimals alone', () => {
    expect(groupThousands('0')).toBe('0');
    expect(groupThousands('123')).toBe('123');
    expect(groupThousands('1234')).toBe('1,234');
    expect(groupThousands('123456.123456')).toBe('123,456.123456');
    expect(groupThousands('1234567')).toBe('1,234,567');
    expect(formatDecimal('-9876543.21')).toBe('-9,876,543.21');
    expect(formatDecimal('5', { decimalPlaces: 4 })).toBe('5.0000');
  });
});

describe('amount formats (properties)', () => {
  // Decimal strings with up to 30 integer digits and 12 decimals, either sign.
  const decimalString = fc
    .tuple(fc.boolean(), fc.stringMatching(/^[1-9]\d{0,29}$|^0$/), fc.stringMatching(/^\d{0,12}$/))
    .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`);
  const modes: RoundingMode[] = ['ROUND_HALF_UP', 'ROUND_HALF_EVEN', 'ROUND_DOWN', 'ROUND_FLOOR'];

  it('strips back to the rounded value for dollars, bitcoin and percent', () => {
    fc.assert(
      fc.property(decimalString, fc.constantFrom(...modes), (value, mode) => {
        const dollars = formatDollars(value, { mode }).replace('$', '').replaceAll(',', '');
        expect(new Decimal(dollars).isEqualTo(roundDecimal(value, 2, mode))).toBe(true);
        const bitcoin = formatBitcoin(value, { mode }).replace('₿', '').replaceAll(',', '');
        expect(new Decimal(bitcoin).isEqualTo(roundDecimal(value, 8, mode))).toBe(true);
        const percent = formatPercent(value, { mode }).replace('%', '').replaceAll(',', '');
        expect(new Decimal(percent).isEqualTo(roundDecimal(value, 2, mode))).toBe(true);
      }),
    );
  });

  it('always shows exactly the decimal places and well-formed groups', () => {
    fc.assert(
      fc.property(decimalString, fc.integer({ min: 0, max: 12 }), (value, decimalPlaces) => {
        const text = formatDollars(value, { decimalPlaces });
        const pattern = decimalPlaces === 0 ? /^-?\$\d{1,3}(,\d{3})*$/ : /^-?\$\d{1,3}(,\d{3})*\.(\d+)$/;
        const match = pattern.exec(text);
        expect(match, text).not.toBeNull();
        if (decimalPlaces > 0) expect(match?.[2]?.length).toBe(decimalPlaces);
      }),
    );
  });
});
