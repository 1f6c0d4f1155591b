import { DEFAULT_REVERSAL_CONFIG, STRATEGY_TEMPLATES } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { REVERSAL_SPEC, SERVER_ALARMS_SPEC, STRATEGY_SPEC } from './config-specs';
import { fromFormValues, groupErrors, toFormValues, validateForm } from './form-values';

describe('form values', () => {
  it('round-trips a strategy through the form, arrays and flags included', () => {
    const values = toFormValues(STRATEGY_TEMPLATES.SWING_TRADER, STRATEGY_SPEC.fields);
    expect(values['decreaseLevels.4.gainRequirement']).toBe('15');
    expect(values.canIncrease).toBe(true);
    expect(validateForm(STRATEGY_SPEC.schema, values, STRATEGY_SPEC.fields)).toEqual({
      ok: true,
      config: STRATEGY_TEMPLATES.SWING_TRADER,
    });
  });

  it('reads a comma list and leaves an empty number undefined', () => {
    const fields = [
      { path: 'whitelist', label: 'W', kind: 'list' as const },
      { path: 'n', label: 'N', kind: 'number' as const },
    ];
    expect(fromFormValues({ whitelist: 'BTC, ETH,SOL', n: ' ' }, fields)).toEqual({
      whitelist: ['BTC', 'ETH', 'SOL'],
      n: undefined,
    });
  });
});

describe('validation mapping', () => {
  it('puts each schema issue next to its field', () => {
    const values = { cpu: '29', memory: 'abc', disk: '80' };
    const result = validateForm(SERVER_ALARMS_SPEC.schema, values, SERVER_ALARMS_SPEC.fields);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['cpu', 'memory']);
    expect(result.errors.cpu).toMatch(/30 to 99/);
  });

  it('keeps a group rule (weights adding up to 100) apart from the fields', () => {
    const values = {
      ...toFormValues(DEFAULT_REVERSAL_CONFIG, REVERSAL_SPEC.fields),
      'weights.liquidity': '40',
    };
    const result = validateForm(REVERSAL_SPEC.schema, values, REVERSAL_SPEC.fields);
    if (result.ok) throw new Error('40 + 32.5 + 32.5 = 105 must fail');
    expect(groupErrors(result.errors, REVERSAL_SPEC.fields)).toEqual([['weights', 'must add up to 100']]);
  });

  it('names the strategy level that breaks the order', () => {
    const values = { ...toFormValues(STRATEGY_TEMPLATES.SCALPER, STRATEGY_SPEC.fields) };
    values['decreaseLevels.1.percentage'] = '4'; // below level 1's 5
    const result = validateForm(STRATEGY_SPEC.schema, values, STRATEGY_SPEC.fields);
    if (result.ok) throw new Error('a falling sell % must fail');
    expect(result.errors['decreaseLevels.1.percentage']).toMatch(/level 1/);
  });
});
