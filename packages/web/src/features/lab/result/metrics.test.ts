import { describe, expect, it } from 'vitest';
import { labReport, outcome } from '../test-report';
import { metricsRows } from './metrics';

describe('metricsRows', () => {
  it('gives every figure per outcome, names the IRR convention and says n/a where a figure is missing', () => {
    const report = labReport();
    const rows = metricsRows([
      { label: 'Strategy', report, outcomeId: 'strategy' },
      { label: 'DCA', report, outcomeId: 'dca' },
      { label: 'VA', report, outcomeId: 'value-averaging' },
    ]);
    const byLabel = Object.fromEntries(rows.map((row) => [row.label, row.values]));
    expect(Object.keys(byLabel)).toEqual([
      'Final value (quote + BTC)',
      'Net invested',
      'PnL',
      'IRR (XIRR on actual days)',
      'Max drawdown',
      'Trades (buys / sells)',
      'Fees',
      'Cost per BTC',
      'BTC held',
      'Time in market',
    ]);
    expect(byLabel['Final value (quote + BTC)']).toEqual(['10,100.00', '10,100.00', 'n/a']);
    expect(byLabel['IRR (XIRR on actual days)']).toEqual(['12.50 %', 'n/a', 'n/a']);
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
    expect(rows[3]?.label).toBe('IRR (XIRR on actual days; compounding per week, 52 periods a year)');
    expect(rows.find((row) => row.label === 'Cost per BTC')?.values).toEqual(['100,000.00', 'n/a']);
  });
});
