import { describe, expect, it } from 'vitest';
import { QUARTER_SET } from '../test-fixtures';
import { checkBacktestForm, DEFAULT_FORM, presetPeriod } from './backtest-values';

const form = { ...DEFAULT_FORM, dataSet: QUARTER_SET.name };

describe('presetPeriod', () => {
  it('takes the last months of the set, up to its last candle', () => {
    expect(presetPeriod(QUARTER_SET, '3m')).toEqual({ from: '2025-08-01', to: '2025-10-31' });
    expect(presetPeriod(QUARTER_SET, '6m')).toEqual({ from: '2025-05-01', to: '2025-10-31' });
  });
  it('never starts before the set, and all or custom are no preset', () => {
    expect(presetPeriod(QUARTER_SET, '12m')).toEqual({ from: '2024-11-01', to: '2025-10-31' });
    expect(presetPeriod(QUARTER_SET, 'all')).toBeNull();
    expect(presetPeriod(QUARTER_SET, 'custom')).toBeNull();
  });
});

describe('checkBacktestForm', () => {
  it('builds the body of a preset with the conventions', () => {
    const checked = checkBacktestForm({ ...form, hour: '8', weekday: 'monday', contribution: '50' }, [
      QUARTER_SET,
    ]);
    expect(checked).toEqual({
      ok: true,
      body: {
        dataSet: QUARTER_SET.name,
        from: '2025-08-01',
        to: '2025-10-31',
        startQuote: '10000',
        feePercent: '0.1',
        lotDecimals: 5,
        minOrderBase: '0.0002',
        minNotional: '10',
        cadence: 'weekly',
        weekday: 'monday',
        hour: 8,
        contribution: '50',
        irr: 'xirr',
      },
    });
  });
  it('sends no period for all of the set, and a monthly day only when monthly', () => {
    const checked = checkBacktestForm({ ...form, preset: 'all', cadence: 'monthly', monthDay: '15' }, [
      QUARTER_SET,
    ]);
    expect(checked.ok && checked.body).toMatchObject({ cadence: 'monthly', monthDay: 15 });
    expect(checked.ok && 'from' in checked.body).toBe(false);
  });
  it('names every bad field', () => {
    const checked = checkBacktestForm(
      {
        ...form,
        dataSet: 'nope',
        preset: 'custom',
        from: '2025-02-30',
        to: '2025-01-01',
        startQuote: '0',
        feePercent: '11',
        lotDecimals: '9',
        minOrderBase: '-1',
        minNotional: 'x',
        hour: '24',
        contribution: '0',
        strategyMode: 'template',
      },
      [QUARTER_SET],
    );
    expect(checked.ok).toBe(false);
    expect(!checked.ok && Object.keys(checked.errors).sort()).toEqual(
      [
        'contribution',
        'dataSet',
        'feePercent',
        'from',
        'hour',
        'lotDecimals',
        'minNotional',
        'minOrderBase',
        'startQuote',
        'template',
      ].sort(),
    );
  });
  it('wants the last custom day after the first', () => {
    const checked = checkBacktestForm({ ...form, preset: 'custom', from: '2025-03-02', to: '2025-03-01' }, [
      QUARTER_SET,
    ]);
    expect(!checked.ok && checked.errors).toEqual({ to: 'The last day comes after the first' });
  });
});
