import { describe, expect, it } from 'vitest';
import { CodedError } from '../errors/coded-error.js';
import { parseStrategyConfig, type StrategyConfig } from './config.js';
import { DEFAULT_STRATEGY_CONFIG } from './templates.js';

/** A mutable deep copy of the defaults, changed by `change`. */
function variant(change: (config: StrategyConfig) => void): StrategyConfig {
  const config = structuredClone(DEFAULT_STRATEGY_CONFIG) as StrategyConfig;
  change(config);
  return config;
}

function rejection(input: unknown): CodedError {
  try {
    parseStrategyConfig(input);
  } catch (error) {
    if (error instanceof CodedError) return error;
    throw error;
  }
  throw new Error('expected INVALID_STRATEGY_CONFIG');
}

describe('parseStrategyConfig', () => {
  it('accepts the defaults and returns an equal copy', () => {
    const parsed = parseStrategyConfig(structuredClone(DEFAULT_STRATEGY_CONFIG));
    expect(parsed).toEqual(DEFAULT_STRATEGY_CONFIG);
    expect(parsed).not.toBe(DEFAULT_STRATEGY_CONFIG);
  });

  it('accepts every edge of the bounds', () => {
    const config = variant((c) => {
      c.increaseAmountQuote = '100';
      c.increaseGainRequirement = -99;
      c.increaseIdleDuration = 1440;
      c.increaseIdleMode = 'fixed';
      // gains 0.1 → 0.14 in steps of exactly 0.01; sell % up to 100; frequencies 43,200 down to 3.
      c.decreaseLevels = [
        { gainRequirement: 0.1, percentage: 1, frequency: 43_200 },
        { gainRequirement: 0.11, percentage: 1, frequency: 43_200 },
        { gainRequirement: 0.12, percentage: 50, frequency: 100 },
        { gainRequirement: 0.13, percentage: 100, frequency: 3 },
        { gainRequirement: 0.14, percentage: 100, frequency: 3 },
      ];
    });
    expect(parseStrategyConfig(config)).toEqual(config);
    expect(parseStrategyConfig(variant((c) => (c.increaseGainRequirement = 0))).increaseGainRequirement).toBe(
      0,
    );
    expect(parseStrategyConfig(variant((c) => (c.increaseIdleDuration = 1))).increaseIdleDuration).toBe(1);
  });

  const bad: [string, (c: StrategyConfig) => void, string][] = [
    ['amount below 100', (c) => (c.increaseAmountQuote = '99.99'), 'increaseAmountQuote'],
    ['amount not a decimal string', (c) => (c.increaseAmountQuote = '1e3'), 'increaseAmountQuote'],
    // Text bignumber.js cannot read: the decimal check must not run on it (it used to throw: a 500).
    ['amount not a number at all', (c) => (c.increaseAmountQuote = 'lots'), 'increaseAmountQuote'],
    [
      'amount as a number',
      (c) => ((c as unknown as { increaseAmountQuote: number }).increaseAmountQuote = 100),
      'increaseAmountQuote',
    ],
    ['amount negative', (c) => (c.increaseAmountQuote = '-100'), 'increaseAmountQuote'],
    ['gain requirement above 0', (c) => (c.increaseGainRequirement = 0.5), 'increaseGainRequirement'],
    ['gain requirement below −99', (c) => (c.increaseGainRequirement = -99.5), 'increaseGainRequirement'],
    [
      'gain requirement with 3 decimals',
      (c) => (c.increaseGainRequirement = -3.125),
      'increaseGainRequirement',
    ],
    ['gain requirement NaN', (c) => (c.increaseGainRequirement = Number.NaN), 'increaseGainRequirement'],
    ['idle below 1 h', (c) => (c.increaseIdleDuration = 0.5), 'increaseIdleDuration'],
    ['idle above 1440 h', (c) => (c.increaseIdleDuration = 1441), 'increaseIdleDuration'],
    [
      'unknown idle mode',
      (c) => ((c as unknown as { increaseIdleMode: string }).increaseIdleMode = 'slow'),
      'increaseIdleMode',
    ],
    [
      'canIncrease not boolean',
      (c) => ((c as unknown as { canIncrease: string }).canIncrease = 'yes'),
      'canIncrease',
    ],
    ['four levels', (c) => c.decreaseLevels.pop(), 'decreaseLevels'],
    [
      'six levels',
      (c) => (c.decreaseLevels as unknown[]).push({ gainRequirement: 20, percentage: 50, frequency: 5 }),
      'decreaseLevels',
    ],
    [
      'gain under 0.1',
      (c) => (c.decreaseLevels[0].gainRequirement = 0.09),
      'decreaseLevels.0.gainRequirement',
    ],
    [
      'gains not rising',
      (c) => (c.decreaseLevels[2].gainRequirement = 3.5),
      'decreaseLevels.2.gainRequirement',
    ],
    // 1.5 → 1.505 rises by 0.005 < 0.01; with gains at 2 dp any rise is ≥ 0.01, so the 2 dp rule names it.
    [
      'gain step under 0.01',
      (c) => (c.decreaseLevels[1].gainRequirement = 1.505),
      'decreaseLevels.1.gainRequirement',
    ],
    ['sell % under 1', (c) => (c.decreaseLevels[0].percentage = 0.5), 'decreaseLevels.0.percentage'],
    ['sell % over 100', (c) => (c.decreaseLevels[4].percentage = 101), 'decreaseLevels.4.percentage'],
    ['sell % decreasing', (c) => (c.decreaseLevels[3].percentage = 17), 'decreaseLevels.3.percentage'],
    ['frequency under 3', (c) => (c.decreaseLevels[4].frequency = 2), 'decreaseLevels.4.frequency'],
    ['frequency over 43,200', (c) => (c.decreaseLevels[0].frequency = 43_201), 'decreaseLevels.0.frequency'],
    [
      'frequency not an integer',
      (c) => (c.decreaseLevels[1].frequency = 120.5),
      'decreaseLevels.1.frequency',
    ],
    ['frequency increasing', (c) => (c.decreaseLevels[2].frequency = 121), 'decreaseLevels.2.frequency'],
    ['unknown key', (c) => ((c as unknown as Record<string, unknown>).extra = 1), 'extra'],
  ];

  it.each(bad)('rejects %s naming the field', (_name, change, field) => {
    const error = rejection(variant(change));
    expect(error.errorName).toBe('INVALID_STRATEGY_CONFIG');
    expect(error.code).toBe(3500);
    expect(error.message).toContain(field);
  });

  it('accepts a gain step of exactly 0.01 despite float noise', () => {
    // 0.11 − 0.1 is 0.00999… in floats; decimals see exactly 0.01.
    const config = variant((c) => {
      c.decreaseLevels[0].gainRequirement = 0.1;
      c.decreaseLevels[1].gainRequirement = 0.11;
    });
    expect(parseStrategyConfig(config).decreaseLevels[1].gainRequirement).toBe(0.11);
  });

  it('names every bad field at once', () => {
    const error = rejection(
      variant((c) => {
        c.increaseIdleDuration = 0;
        c.decreaseLevels[0].frequency = 1;
      }),
    );
    expect(error.message).toContain('increaseIdleDuration');
    expect(error.message).toContain('decreaseLevels.0.frequency');
  });

  it('rejects what is not an object', () => {
    expect(rejection(null).errorName).toBe('INVALID_STRATEGY_CONFIG');
    expect(rejection('EAGER_SCALPER').errorName).toBe('INVALID_STRATEGY_CONFIG');
  });
});
