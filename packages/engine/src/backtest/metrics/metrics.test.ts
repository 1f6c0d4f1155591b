import { roundNumber } from '@balancer/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawdownSeries, maxDrawdownPercent } from './drawdown.js';
import { irr, irrPercent, YEAR_MS } from './irr.js';

const DAY = 24 * 3600 * 1000;

describe('irr', () => {
  it('finds 10 % for 100 in and 110 out one year later', () => {
    // −100 + 110 / (1 + r) = 0 → r = 0.1.
    expect(
      irr([
        { time: 0, amount: -100 },
        { time: YEAR_MS, amount: 110 },
      ]),
    ).toBeCloseTo(0.1, 12);
  });

  it('annualises a half-year gain', () => {
    // −100 + 121 / (1 + r)^0.5 = 0 → (1 + r)^0.5 = 1.21 → r = 1.21² − 1 = 0.4641.
    expect(
      irr([
        { time: 0, amount: -100 },
        { time: YEAR_MS / 2, amount: 121 },
      ]),
    ).toBeCloseTo(0.4641, 10);
  });

  it('solves two deposits', () => {
    // −100 at 0, −100 at 1 y, +231 at 2 y: at r = 0.1, 100 × 1.21 + 100 × 1.1 = 121 + 110 = 231.
    const flows = [
      { time: 0, amount: -100 },
      { time: YEAR_MS, amount: -100 },
      { time: 2 * YEAR_MS, amount: 231 },
    ];
    expect(irr(flows)).toBeCloseTo(0.1, 10);
  });

  it('gives negative rates for losses and ignores flow order', () => {
    // −200 then +150 a year later: 150 / 200 − 1 = −0.25.
    expect(
      irr([
        { time: YEAR_MS, amount: 150 },
        { time: 0, amount: -200 },
      ]),
    ).toBeCloseTo(-0.25, 10);
  });

  it('is null without a sign change, a period or enough flows', () => {
    expect(
      irr([
        { time: 0, amount: -100 },
        { time: DAY, amount: -5 },
      ]),
    ).toBeNull();
    expect(
      irr([
        { time: 0, amount: -100 },
        { time: 0, amount: 120 },
      ]),
    ).toBeNull();
    expect(irr([{ time: 0, amount: -100 }])).toBeNull();
    expect(
      irr([
        { time: 0, amount: Number.NaN },
        { time: DAY, amount: 1 },
      ]),
    ).toBeNull();
  });
});

describe('irrPercent', () => {
  it('is irr × 100 rounded to 2 dp half up, as the reports show it (property)', () => {
    const start = Date.UTC(2020, 0, 1);
    const flows = fc.array(
      fc.record({
        days: fc.integer({ min: 0, max: 4_000 }),
        amount: fc.oneof(
          fc.double({ min: -100_000, max: 100_000, noNaN: true }),
          fc.integer({ min: -1_000, max: 1_000 }),
        ),
      }),
      { minLength: 0, maxLength: 40 },
    );
    let rates = 0;
    fc.assert(
      fc.property(flows, fc.boolean(), (list, periodic) => {
        const cash = list.map(({ days, amount }) => ({ time: start + days * 86_400_000, amount }));
        const years = periodic ? list.map(({ days }) => Math.floor(days / 7) / 52) : undefined;
        const rate = irr(cash, years);
        const expected = rate === null ? null : roundNumber(rate * 100, 2, 'ROUND_HALF_UP');
        expect(irrPercent(cash, years)).toBe(expected);
        if (rate !== null) rates++;
      }),
      { numRuns: 3_000 },
    );
    expect(rates).toBeGreaterThan(500);
  });
});

describe('drawdown', () => {
  it('measures the largest fall from a running peak', () => {
    // Peak 120, trough 90 → (120 − 90) / 120 = 25 %; the later fall 130 → 117 is 10 %.
    expect(maxDrawdownPercent([100, 120, 90, 110, 130, 117])).toBeCloseTo(25, 12);
    expect(maxDrawdownPercent([1, 2, 3])).toBe(0);
  });

  it('gives the drawdown at every point', () => {
    // 100 → 0; 80 → 20 %; 120 → 0; 60 → 50 %.
    expect(drawdownSeries([100, 80, 120, 60])).toEqual([0, 20, 0, 50]);
  });
});

describe('irr on extreme short runs', () => {
  it('annualises a doubling in one day without overflowing', () => {
    // −100, +200 a day later: (1 + r)^(1/365) = 2 → r = 2^365 − 1 ≈ 7.5e109.
    const rate = irr([
      { time: 0, amount: -100 },
      { time: DAY, amount: 200 },
    ]);
    expect(rate! / (2 ** 365 - 1)).toBeCloseTo(1, 9);
  });

  it('annualises a halving in one day to about −100 %', () => {
    // (1 + r)^(1/365) = 0.5 → r = 0.5^365 − 1 ≈ −1 + 1.3e-110.
    expect(
      irr([
        { time: 0, amount: -100 },
        { time: DAY, amount: 50 },
      ]),
    ).toBeCloseTo(-1, 12);
  });
});
