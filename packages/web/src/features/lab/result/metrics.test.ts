import { describe, expect, it } from 'vitest';
import { outcomeSummary } from '../results/result-rows';
import { backtestSummary } from '../test-fixtures';
import { labReport, outcome } from '../test-report';
import { figuresOf, metricsRows } from './metrics';

const YEAR = 365 * 24 * 3600 * 1000;

describe('metricsRows', () => {
  it('gives every figure per outcome, names the IRR convention and says n/a where a figure is missing', () => {
    const report = labReport();
    const rows = metricsRows([
      { label: 'Strategy', report, outcomeId: 'strategy' },
      { label: 'DCA', report, outcomeId: 'dca' },
      { label: 'VA', report, outcomeId: 'value-averaging' },
    ]);
    const byLabel = Object.fromEntries(rows.map((row) => [row.label, row.values]));
    // Two days: the period's return only, never a rate a year (no IRR, no annual return).
    expect(Object.keys(byLabel)).toEqual([
      'Final value (quote + BTC)',
      'P&L (final value − starting cash)',
      'Return over the period, on the whole capital',
      'Net invested (buys − sells, fees included)',
      'Max drawdown',
      'Trades (buys / sells)',
      'Fees',
      'Cost per BTC',
      'BTC held',
      'Time in market',
    ]);
    expect(byLabel['Final value (quote + BTC)']).toEqual(['10,100.00', '10,100.00', 'n/a']);
    expect(byLabel['Return over the period, on the whole capital']).toEqual(['+1.00 %', '+1.00 %', 'n/a']);
    expect(byLabel['Max drawdown']).toEqual(['-3.25 %', '-3.25 %', 'n/a']);
    expect(byLabel['Trades (buys / sells)']).toEqual(['3 (2 / 1)', '2 (2 / 0)', 'n/a']);
    expect(byLabel['Time in market']).toEqual(['75.00 %', '100.00 %', 'n/a']);
  });

  it('names both conventions when compared results differ, and n/a for no BTC held', () => {
    const { settings } = labReport();
    const other = labReport({
      outcomes: [outcome('strategy', 'Strategy', { costPerBtc: null })],
      settings: {
        ...settings,
        conventions: {
          ...settings.conventions,
          irr: {
            convention: 'periodic',
            periodsPerYear: 52,
            statement: 'compounding per week, 52 periods a year',
          },
          contributions: { ...settings.conventions.contributions, cadence: 'weekly', schedule: 'a week' },
        },
      },
    });
    const rows = metricsRows([
      { label: '#1', report: labReport(), outcomeId: 'strategy' },
      { label: '#2', report: other, outcomeId: 'strategy' },
    ]);
    expect(rows.some((row) => row.label.startsWith('IRR'))).toBe(false);
    expect(rows.find((row) => row.label === 'Cost per BTC')?.values).toEqual(['100,000.00', 'n/a']);
  });

  it('annualises only a period of a year or more, and names what the IRR is computed on', () => {
    const short = labReport();
    const long = labReport({
      data: { ...short.data, end: new Date(Date.parse(short.data.start) + 2 * YEAR).toISOString() },
    });
    const rows = metricsRows([{ label: 'Strategy', report: long, outcomeId: 'strategy' }]);
    const byLabel = Object.fromEntries(rows.map((row) => [row.label, row.values]));
    expect(byLabel['Return over the period, on the whole capital']).toEqual(['+1.00 %']);
    expect(byLabel['Return a year, on the whole capital']).toEqual(['+0.50 %']);
    expect(byLabel['IRR a year, on the money invested (XIRR on actual days)']).toEqual(['12.50 %']);
  });

  it('gives the Results list the figures the result page shows', () => {
    const report = labReport();
    const summary = { ...backtestSummary(1), outcomes: report.outcomes };
    const page = figuresOf(report, 'strategy')!;
    const line = outcomeSummary(summary.inputs.startQuote, summary.outcomes[0]);
    const shown = Object.fromEntries(
      metricsRows([{ label: 'Strategy', report, outcomeId: 'strategy' }]).map((row) => [
        row.label,
        row.values[0],
      ]),
    );
    expect(line).toBe(
      `Final value ${shown['Final value (quote + BTC)']} · P&L ${shown['P&L (final value − starting cash)']} · return over the period ${shown['Return over the period, on the whole capital']}`,
    );
    expect(page.finalValue).toBe('10100.00');
  });
});
