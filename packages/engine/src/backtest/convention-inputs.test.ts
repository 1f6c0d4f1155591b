import { CodedError } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BASELINE_CONVENTIONS } from './baselines/conventions.js';
import {
  type ConventionNames,
  conventionsInput,
  DEFAULT_CONVENTIONS,
  engineConventionsOf,
} from './convention-inputs.js';
import { DEFAULT_EXCHANGE_CONFIG } from './exchange/exchange-config.js';

const NAMES = Object.fromEntries(
  [
    'lotDecimals',
    'minOrderBase',
    'minNotional',
    'cadence',
    'weekday',
    'monthDay',
    'hour',
    'contribution',
    'baselines',
    'irr',
    'periodsPerYear',
  ].map((key) => [key, key]),
) as ConventionNames;
const invalid = (detail: string) => new CodedError('LAB_INVALID_INPUT', detail);
const check = (raw: Parameters<typeof conventionsInput>[0]) => conventionsInput(raw, NAMES, invalid);

describe('convention inputs', () => {
  it("default to today's behaviour", () => {
    expect(check({})).toEqual(DEFAULT_CONVENTIONS);
    const engine = engineConventionsOf('0.1');
    expect(engine.exchange).toEqual(DEFAULT_EXCHANGE_CONFIG);
    expect(engine.baselines).toEqual({
      ...DEFAULT_BASELINE_CONVENTIONS,
      baselines: [...DEFAULT_BASELINE_CONVENTIONS.baselines],
    });
  });

  it('take numbers (API) or text (CLI) and normalise decimals', () => {
    const checked = check({
      lotDecimals: 8,
      minOrderBase: '0',
      minNotional: '0.000',
      cadence: 'monthly',
      monthDay: '15',
      hour: 9,
      contribution: '250.50',
      baselines: ['value-averaging-no-sell', 'dca'],
      irr: 'periodic',
    });
    expect(checked).toEqual({
      lotDecimals: 8,
      minOrderBase: '0',
      minNotional: '0',
      cadence: 'monthly',
      weekday: null,
      monthDay: 15,
      hour: 9,
      contribution: '250.5',
      baselines: ['dca', 'value-averaging-no-sell'],
      irr: 'periodic',
      // The monthly cadence's.
      periodsPerYear: 12,
    });
    expect(engineConventionsOf('0', checked).baselines.irr).toEqual({ kind: 'periodic', periodsPerYear: 12 });
    expect(check({ baselines: 'none' }).baselines).toEqual([]);
    expect(check({ baselines: [] }).baselines).toEqual([]);
  });

  it('name the bad input with the caller code, contradictions with 5934, a tiny contribution with 5935', () => {
    const code = (raw: Parameters<typeof check>[0]) => {
      try {
        check(raw);
      } catch (error) {
        return [(error as CodedError).code, (error as CodedError).message];
      }
      return null;
    };
    expect(code({ hour: -1 })).toEqual([
      5972,
      expect.stringContaining('hour must be an integer from 0 to 23, got "-1"'),
    ]);
    expect(code({ hour: 1.5 })).toEqual([5972, expect.stringContaining('hour must be an integer')]);
    expect(code({ lotDecimals: 9 })).toEqual([
      5972,
      expect.stringContaining('lotDecimals must be an integer from 0 to 8'),
    ]);
    expect(code({ weekday: 'Monday' })).toEqual([
      5972,
      expect.stringContaining('weekday must be one of sunday'),
    ]);
    expect(code({ weekday: 'monday', cadence: 'monthly' })?.[0]).toBe(5934);
    expect(code({ periodsPerYear: 4 })?.[0]).toBe(5934);
    expect(code({ contribution: '9.99' })?.[0]).toBe(5935);
    // With the minimum notional at 0 any positive contribution is fine.
    expect(code({ contribution: '0.01', minNotional: '0' })).toBeNull();
  });

  it('take fractional periods a year for the periodic IRR (365.2425 ÷ 7 = 52.1775), CLI text or API number', () => {
    expect(check({ irr: 'periodic', periodsPerYear: '52.1775' }).periodsPerYear).toBe(52.1775);
    expect(check({ irr: 'periodic', periodsPerYear: 52.1775 }).periodsPerYear).toBe(52.1775);
    expect(check({ irr: 'periodic', periodsPerYear: 12 }).periodsPerYear).toBe(12);
    for (const bad of ['0', '0.5', '365.5', '52.12345', '-52', '1e2', 'weekly'])
      expect(() => check({ irr: 'periodic', periodsPerYear: bad })).toThrow(
        /periodsPerYear must be a number from 1 to 365 with at most 4 decimals/,
      );
  });
});
