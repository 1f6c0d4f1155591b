import { DEFAULT_STRATEGY_CONFIG } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { originFigures, originLink, originName } from './live-origin';

const base = {
  resultId: 4,
  kind: 'sweep' as const,
  row: 2,
  appliedAt: 0,
  appliedBy: 'root',
  dataSet: 'x.csv.gz',
  config: DEFAULT_STRATEGY_CONFIG,
  figures: {
    inSample: { finalEquity: '10100.00', returnPercent: 1, maxDrawdownPercent: 2.5 },
    outOfSample: null,
  },
  resultStored: true,
  matchesLive: true,
};

describe('the live origin', () => {
  it('names a sweep row by its place and links its result while it is stored', () => {
    expect(originName(base)).toBe('sweep 4, row 3');
    expect(originLink(base)).toBe('/app/lab/sweeps/4');
    expect(originLink({ ...base, resultStored: false })).toBeNull();
    expect(originFigures(base)).toEqual([
      ['Final value (in-sample)', '10100.00'],
      ['Return % (in-sample)', '1'],
      ['Max drawdown % (in-sample)', '2.5'],
    ]);
  });

  it('shows a backtest result by its outcome', () => {
    const backtest = {
      ...base,
      kind: 'backtest' as const,
      row: null,
      figures: { outcome: { finalEquity: '9.00', irrPercent: null } },
    };
    expect(originName(backtest)).toBe('backtest 4');
    expect(originLink(backtest)).toBe('/app/lab/results/4');
    expect(originFigures(backtest)).toEqual([
      ['Final value', '9.00'],
      ['IRR %', '–'],
    ]);
  });
});
