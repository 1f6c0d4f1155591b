import { describe, expect, it } from 'vitest';
import { irr } from './irr.js';
import { flowYears, irrConventionText } from './irr-convention.js';

const DAY = 24 * 3600e3;
const T0 = Date.UTC(2024, 0, 1);
// Pay 100, get 101 back 30 days later.
const FLOWS = [
  { time: T0, amount: -100 },
  { time: T0 + 30 * DAY, amount: 101 },
];

describe('IRR conventions on a hand case: −100, then +101 after 30 days', () => {
  it('xirr: 30 actual days of a 365-day year, 1.01^(365/30) − 1 = 12.8695 %', () => {
    const years = flowYears(FLOWS, { kind: 'xirr' });
    expect(years).toEqual([0, 30 / 365]);
    expect(irr(FLOWS, years)).toBeCloseTo(1.01 ** (365 / 30) - 1, 12);
    expect(irr(FLOWS, years)).toBeCloseTo(0.128695, 6);
    // The same as without a convention (the default).
    expect(irr(FLOWS)).toBe(irr(FLOWS, years));
  });

  it('periodic, 12 a year: 30 days is round(30 / 30.4167) = 1 period, 1.01^12 − 1 = 12.6825 %', () => {
    const years = flowYears(FLOWS, { kind: 'periodic', periodsPerYear: 12 });
    expect(years).toEqual([0, 1 / 12]);
    expect(irr(FLOWS, years)).toBeCloseTo(1.01 ** 12 - 1, 12);
    expect(irr(FLOWS, years)).toBeCloseTo(0.126825, 6);
  });

  it('periodic, 52 a year: 30 days is round(30 / 7.0192) = 4 weeks, 1.01^13 − 1 = 13.8093 %', () => {
    const years = flowYears(FLOWS, { kind: 'periodic', periodsPerYear: 52 });
    expect(years).toEqual([0, 4 / 52]);
    expect(irr(FLOWS, years)).toBeCloseTo(1.01 ** 13 - 1, 12);
  });

  it('periodic, 52.1775 a year (365.2425 ÷ 7): 30 days is round(30 / 6.9954) = 4 periods, 1.01^(52.1775 / 4) − 1', () => {
    const years = flowYears(FLOWS, { kind: 'periodic', periodsPerYear: 52.1775 });
    expect(years).toEqual([0, 4 / 52.1775]);
    expect(irr(FLOWS, years)).toBeCloseTo(1.01 ** (52.1775 / 4) - 1, 12);
    expect(irrConventionText({ kind: 'periodic', periodsPerYear: 52.1775 })).toContain('(1 + r)^52.1775 − 1');
  });

  it('has no rate when every flow falls in the same period', () => {
    const close = [FLOWS[0]!, { time: T0 + DAY, amount: 101 }];
    expect(irr(close, flowYears(close, { kind: 'periodic', periodsPerYear: 12 }))).toBeNull();
  });

  it('names the convention', () => {
    expect(irrConventionText({ kind: 'xirr' })).toMatch(
      /^XIRR: cash flows on their actual days, a year of 365 days/,
    );
    expect(irrConventionText({ kind: 'periodic', periodsPerYear: 52 })).toBe(
      'periodic: cash flows counted at the nearest whole period of 7.02 days from the first, ' +
        'the per-period rate r compounded 52 periods a year, (1 + r)^52 − 1',
    );
  });
});
