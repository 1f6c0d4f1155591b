import { describe, expect, it } from 'vitest';
import { formatQuote } from './format-amount.js';
import { outcomeFigures, RETURN_YEAR_MS, spansAYear } from './returns.js';

const DAY = 24 * 3600 * 1000;

describe('outcomeFigures', () => {
  it('measures the P&L and the return on the whole capital, not on the BTC held', () => {
    // The run: 10,000 in, 10,009.12 at the end (of which 461.32 in BTC): +0.09 %, not −95 %.
    const figures = outcomeFigures({
      startQuote: '10000',
      finalEquity: '10009.12',
      irrPercent: 13.8,
      periodMs: null,
    });
    expect(figures).toMatchObject({ finalValue: '10009.12', pnl: '9.12', periodReturnPercent: 0.09 });
  });

  it('never annualises a period under a year: no annual return and no IRR', () => {
    const figures = outcomeFigures({
      startQuote: '10000',
      finalEquity: '10025',
      irrPercent: 207_269,
      periodMs: 91 * DAY,
    });
    expect(figures.annualised).toBe(false);
    expect(figures.annualReturnPercent).toBeNull();
    expect(figures.irrPercent).toBeNull();
    expect(figures.periodReturnPercent).toBe(0.25);
  });

  it('annualises a period of a year or more, compounded, and keeps the IRR', () => {
    const figures = outcomeFigures({
      startQuote: '10000',
      finalEquity: '12100',
      irrPercent: 13.8,
      periodMs: 2 * RETURN_YEAR_MS,
    });
    expect(figures.periodReturnPercent).toBe(21);
    expect(figures.annualReturnPercent).toBe(10);
    expect(figures.irrPercent).toBe(13.8);
  });

  it('counts exactly a year as a year and a day less as under one', () => {
    expect(spansAYear(RETURN_YEAR_MS)).toBe(true);
    expect(spansAYear(RETURN_YEAR_MS - DAY)).toBe(false);
    expect(spansAYear(null)).toBe(false);
  });

  it('shows a loss as a negative return', () => {
    const figures = outcomeFigures({
      startQuote: '1000',
      finalEquity: '950.5',
      irrPercent: null,
      periodMs: 10 * DAY,
    });
    expect(figures).toMatchObject({ pnl: '-49.50', periodReturnPercent: -4.95 });
  });
});

describe('formatQuote', () => {
  it('writes USDT as its code and only USD with the dollar sign', () => {
    expect(formatQuote('1234.5', 'USDT')).toBe('1,234.50 USDT');
    expect(formatQuote('-3', 'EUR')).toBe('-3.00 EUR');
    expect(formatQuote('1234.5', 'USD')).toBe('$1,234.50');
  });
});
