import { describe, expect, it } from 'vitest';
import { codeOf } from '../testing/code-of.js';
import { csvLine, csvText } from './csv.js';
import { nextPeriodStart, periodStart, readPeriod } from './periods.js';
import { profitRows, profitTotals } from './profit.js';
import { MAX_RECORDS_RANGE_MS, parseUtcDate, recordsRange, utcDateTime } from './range.js';

const NOW = Date.UTC(2026, 5, 15, 12);

describe('records range', () => {
  it('reads ISO dates and date-times in UTC', () => {
    expect(parseUtcDate('2026-01-31', 'from')).toBe(Date.UTC(2026, 0, 31));
    expect(parseUtcDate('2026-01-31T12:30Z', 'from')).toBe(Date.UTC(2026, 0, 31, 12, 30));
    expect(parseUtcDate('2026-01-31T12:30:05.250Z', 'from')).toBe(Date.UTC(2026, 0, 31, 12, 30, 5, 250));
  });

  it('refuses malformed and impossible dates with 6600', () => {
    for (const text of [
      '2026-02-30',
      '2026-13-01',
      '31/01/2026',
      '2026-01-31T25:00Z',
      '2026-1-1',
      '1969-12-31',
      'now',
    ])
      expect(
        codeOf(() => parseUtcDate(text, 'from')),
        text,
      ).toBe(6600);
  });

  it('fills missing ends and checks order and span', () => {
    expect(recordsRange({}, NOW)).toEqual({ from: NOW + 1 - MAX_RECORDS_RANGE_MS, to: NOW + 1 });
    expect(recordsRange({ from: '2026-01-01' }, NOW)).toEqual({
      from: Date.UTC(2026, 0, 1),
      to: Date.UTC(2026, 0, 1) + MAX_RECORDS_RANGE_MS,
    });
    expect(recordsRange({ from: '', to: '2026-01-01' }, NOW).to).toBe(Date.UTC(2026, 0, 1));
    expect(recordsRange({ from: '2026-01-01', to: '2026-01-01' }, NOW)).toEqual({
      from: Date.UTC(2026, 0, 1),
      to: Date.UTC(2026, 0, 1),
    });
    expect(codeOf(() => recordsRange({ from: '2026-01-02', to: '2026-01-01' }, NOW))).toBe(6601);
    expect(codeOf(() => recordsRange({ from: '2016-01-01', to: '2026-01-02' }, NOW))).toBe(6602);
    expect(recordsRange({ from: '2016-01-02', to: '2026-01-01' }, NOW).from).toBe(Date.UTC(2016, 0, 2));
  });

  it('writes times as YYYY-MM-DD HH:MM:SS in UTC', () => {
    expect(utcDateTime(Date.UTC(2026, 0, 2, 3, 4, 5, 678))).toBe('2026-01-02 03:04:05');
  });
});

describe('periods', () => {
  const t = Date.UTC(2026, 0, 1, 15, 30); // a Thursday
  it('starts days, ISO weeks, months and years in UTC', () => {
    expect(periodStart(t, 'day')).toBe(Date.UTC(2026, 0, 1));
    expect(periodStart(t, 'week')).toBe(Date.UTC(2025, 11, 29));
    expect(periodStart(Date.UTC(2026, 0, 4, 23), 'week')).toBe(Date.UTC(2025, 11, 29)); // Sunday
    expect(periodStart(Date.UTC(2026, 0, 5), 'week')).toBe(Date.UTC(2026, 0, 5)); // Monday
    expect(periodStart(t, 'month')).toBe(Date.UTC(2026, 0, 1));
    expect(periodStart(Date.UTC(2026, 6, 9), 'year')).toBe(Date.UTC(2026, 0, 1));
    expect(nextPeriodStart(Date.UTC(2026, 0, 1), 'month')).toBe(Date.UTC(2026, 1, 1));
    expect(nextPeriodStart(Date.UTC(2025, 11, 1), 'month')).toBe(Date.UTC(2026, 0, 1));
    expect(nextPeriodStart(Date.UTC(2025, 11, 29), 'week')).toBe(Date.UTC(2026, 0, 5));
    expect(nextPeriodStart(Date.UTC(2026, 0, 1), 'year')).toBe(Date.UTC(2027, 0, 1));
  });

  it('refuses an unknown period with 6603', () => {
    expect(readPeriod('week')).toBe('week');
    for (const text of ['fortnight', '', undefined, 'Day']) expect(codeOf(() => readPeriod(text))).toBe(6603);
  });
});

describe('csv', () => {
  it('quotes, doubles quotes, ends lines with CRLF and defuses formulas', () => {
    expect(csvLine(['a,b', 'say "hi"', null, -12.5, '-0.5', '=1+2', '@x', 'line\nbreak'])).toBe(
      `"a,b","say ""hi""",,-12.5,-0.5,'=1+2,'@x,"line\nbreak"\r\n`,
    );
    expect(csvText(['h'], [])).toBe('h\r\n');
  });
});

describe('profit rows', () => {
  const sums = (bought: string, sold: string) => ({
    boughtBase: bought,
    boughtQuote: String(Number(bought) * 100),
    soldBase: sold,
    soldQuote: String(Number(sold) * 110),
    fees: '0.1',
  });
  const day = (d: number) => Date.UTC(2026, 0, d);
  const rows = profitRows(
    'day',
    new Map([
      [day(1), sums('2', '0')],
      [day(3), sums('0', '2')],
    ]),
    [
      { close: day(3) + 5, pnl: '19.9' },
      { close: day(3) + 9, pnl: '-0.0000001' },
      { close: day(7), pnl: '0.1' },
    ],
    new Map([[day(2), '1000.5']]),
  );

  it("puts each closed position's profit in the period it closed, and adds up exactly", () => {
    expect(rows.map((row) => [row.start, row.realisedPnl, row.closedPositions, row.equity])).toEqual([
      [day(1), '0', 0, null],
      [day(2), '0', 0, '1000.5'],
      [day(3), '19.8999999', 2, null],
      [day(7), '0.1', 1, null],
    ]);
    expect(rows[0]).toMatchObject({ end: day(2), avgBuyPrice: '100', avgSellPrice: null });
    expect(rows[2]).toMatchObject({ avgBuyPrice: null, avgSellPrice: '110' });
    expect(profitTotals(rows)).toEqual({
      realisedPnl: '19.9999999',
      fees: '0.2',
      boughtBase: '2',
      boughtQuote: '200',
      soldBase: '2',
      soldQuote: '220',
      closedPositions: 3,
    });
  });
});
