import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeOf } from '../testing/code-of.js';
import { Decimal } from './decimal.js';
import { BYTE_UNITS, formatBytes } from './format-bytes.js';

const KB = 1024;
const MB = KB * KB;

describe('formatBytes', () => {
  const cases: Array<[string | number, string]> = [
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1,023 B'], // still below one step
    [1024, '1 kB'],
    [1536, '1.5 kB'], // 1536 / 1024 = 1.5, trailing zero dropped
    [1500, '1.46 kB'], // 1500 / 1024 = 1.46484375 → 1.46
    [1029, '1 kB'], // 1029 / 1024 = 1.0048828125 → 1.00, trailing zeros dropped
    [1152, '1.13 kB'], // 1152 / 1024 = 1.125, a tie: half up → 1.13
    [MB - 1, '1 MB'], // 1048575 / 1024 = 1023.999 → 1024.00 rounds up into the next unit
    [5 * MB + 256 * KB, '5.25 MB'], // (5·1024 + 256) / 1024 = 5.25
    [2 ** 40, '1 TB'],
    ['1208925819614629174706176', '1 YB'], // 1024^8 = 2^80, beyond 2^53 so given as a string
    ['1237940039285380274899124224', '1,024 YB'], // 1024^9: no unit after YB
  ];
  it.each(cases)('%s → %s', (input, expected) => {
    expect(formatBytes(input)).toBe(expected);
  });

  it('takes other decimals and a rounding mode', () => {
    expect(formatBytes(1500, { decimalPlaces: 0 })).toBe('1 kB'); // 1.46 → 1
    expect(formatBytes(1500, { decimalPlaces: 4 })).toBe('1.4648 kB'); // 1.46484375 → 1.4648|4
    expect(formatBytes(1030, { mode: 'ROUND_UP' })).toBe('1.01 kB'); // 1.005859375 up to 1.01
    expect(formatBytes(1030, { mode: 'ROUND_DOWN' })).toBe('1 kB'); // 1.005859375 down to 1.00
  });

  it('rejects negatives, fractions and non-numbers', () => {
    expect(codeOf(() => formatBytes(-1))).toBe(1503); // NEGATIVE_VALUE_NOT_ALLOWED
    expect(codeOf(() => formatBytes(1.5))).toBe(1506); // INVALID_INTEGER
    expect(codeOf(() => formatBytes(Number.NaN))).toBe(1500); // INVALID_VALUE
    expect(codeOf(() => formatBytes('12 MB'))).toBe(1500);
    expect(codeOf(() => formatBytes(10, { decimalPlaces: -1 }))).toBe(1501);
    expect(codeOf(() => formatBytes(10, { mode: 'nearest' as never }))).toBe(1502);
  });

  it('reads back to within half a display step of the size (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 90n }), (bytes) => {
        const text = formatBytes(bytes.toString());
        const [number = '', unit] = text.split(' ');
        const index = BYTE_UNITS.indexOf(unit as (typeof BYTE_UNITS)[number]);
        expect(index).toBeGreaterThanOrEqual(0);
        const shown = new Decimal(number.replaceAll(',', ''));
        const exact = new Decimal(bytes.toString()).dividedBy(new Decimal(1024).pow(index));
        // 2 decimals half up: the shown number is within 0.005 of the exact one.
        expect(shown.minus(exact).abs().isLessThanOrEqualTo('0.005')).toBe(true);
        if (index < BYTE_UNITS.length - 1) expect(shown.isLessThan(1024)).toBe(true);
      }),
    );
  });
});
