import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeOf } from '../testing/code-of.js';
import { type DateStyle, formatDate, MAX_EPOCH_MS } from './format-date.js';

const MARCH_5 = Date.UTC(2026, 2, 5, 14, 7, 9, 450); // 2026-03-05T14:07:09.450Z

describe('formatDate', () => {
  const cases: Array<[number, DateStyle, string, string]> = [
    [MARCH_5, 'short', 'UTC', '05/03/2026'],
    [MARCH_5, 'medium', 'UTC', '05/03/2026 14:07'],
    [MARCH_5, 'long', 'UTC', '5 March 2026, 14:07:09 UTC'],
    [MARCH_5, 'long', 'Europe/Madrid', '5 March 2026, 15:07:09 UTC+01:00'], // CET in March before the switch
    [MARCH_5, 'long', 'America/St_Johns', '5 March 2026, 10:37:09 UTC-03:30'], // 14:07 − 3:30
    [MARCH_5, 'short', 'Pacific/Kiritimati', '06/03/2026'], // 14:07 + 14:00 is the next day
    [Date.UTC(2026, 6, 1, 0, 0, 0), 'long', 'Europe/Madrid', '1 July 2026, 02:00:00 UTC+02:00'], // CEST
    [0, 'medium', 'UTC', '01/01/1970 00:00'],
    [0, 'short', 'America/New_York', '31/12/1969'], // 19:00 the evening before
    [Date.UTC(2026, 11, 31, 23, 59, 59, 999), 'medium', 'UTC', '31/12/2026 23:59'], // no rounding up
    [MAX_EPOCH_MS, 'short', 'UTC', '13/09/275760'], // the last day a Date can hold
  ];
  it.each(cases)('%s as %s in %s → %s', (epochMs, style, timeZone, expected) => {
    expect(formatDate(epochMs, { style, timeZone })).toBe(expected);
  });

  it('defaults to the short style in UTC', () => {
    expect(formatDate(MARCH_5)).toBe('05/03/2026');
  });

  it('rejects bad instants, styles and time zones with coded errors', () => {
    expect(codeOf(() => formatDate('2026-03-05' as never))).toBe(1505); // INVALID_TYPE
    expect(codeOf(() => formatDate(Number.NaN))).toBe(1500); // INVALID_VALUE
    expect(codeOf(() => formatDate(MAX_EPOCH_MS + 1))).toBe(1500);
    expect(codeOf(() => formatDate(-1))).toBe(1503); // NEGATIVE_VALUE_NOT_ALLOWED
    expect(codeOf(() => formatDate(0, { style: 'full' as never }))).toBe(1507); // INVALID_DATE_STYLE
    expect(codeOf(() => formatDate(0, { timeZone: 'Mars/Olympus' }))).toBe(1508); // INVALID_TIME_ZONE
    expect(codeOf(() => formatDate(0, { timeZone: 5 as never }))).toBe(1508);
  });

  it('keeps the short form as dd/LL/yyyy and agrees with the UTC calendar (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(9999, 11, 31) }), (epochMs) => {
        const date = new Date(epochMs);
        const expected = [date.getUTCDate(), date.getUTCMonth() + 1]
          .map((n) => String(n).padStart(2, '0'))
          .concat(String(date.getUTCFullYear()).padStart(4, '0'))
          .join('/');
        expect(formatDate(epochMs)).toBe(expected);
      }),
    );
  });
});
