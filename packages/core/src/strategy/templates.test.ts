import { describe, expect, it } from 'vitest';
import { parseStrategyConfig } from './config.js';
import { DEFAULT_STRATEGY_CONFIG, increaseAmountForBudget, STRATEGY_TEMPLATES } from './templates.js';

/** [gain %, sell %, minutes] per level, as docs/strategy.md#settings-and-templates lists them. */
const table = (id: keyof typeof STRATEGY_TEMPLATES) =>
  STRATEGY_TEMPLATES[id].decreaseLevels.map((l) => [l.gainRequirement, l.percentage, l.frequency]);

describe('strategy templates (docs/strategy.md#settings-and-templates)', () => {
  it('makes Eager Scalper the default with the listed increase side', () => {
    expect(DEFAULT_STRATEGY_CONFIG).toBe(STRATEGY_TEMPLATES.EAGER_SCALPER);
    expect(DEFAULT_STRATEGY_CONFIG).toEqual({
      canIncrease: true,
      canDecrease: true,
      increaseAmountQuote: '100',
      increaseGainRequirement: -3,
      increaseIdleDuration: 48,
      increaseIdleMode: 'incremental',
      decreaseLevels: [
        { gainRequirement: 1.5, percentage: 5, frequency: 240 },
        { gainRequirement: 3.5, percentage: 10, frequency: 120 },
        { gainRequirement: 5.5, percentage: 17.5, frequency: 80 },
        { gainRequirement: 7.5, percentage: 25, frequency: 30 },
        { gainRequirement: 10, percentage: 35, frequency: 10 },
      ],
    });
  });

  it('lists the other three exactly', () => {
    expect(table('SCALPER')).toEqual([
      [1.5, 5, 480],
      [3.5, 10, 240],
      [5.5, 17.5, 160],
      [7.5, 25, 60],
      [10, 35, 20],
    ]);
    expect(table('EAGER_SWING_TRADER')).toEqual([
      [3, 5, 240],
      [6, 10, 120],
      [9, 17.5, 80],
      [12, 25, 30],
      [15, 35, 10],
    ]);
    expect(table('SWING_TRADER')).toEqual([
      [3, 5, 480],
      [6, 10, 240],
      [9, 17.5, 160],
      [12, 25, 60],
      [15, 35, 20],
    ]);
  });

  it('shares the increase side across templates and passes validation', () => {
    for (const template of Object.values(STRATEGY_TEMPLATES)) {
      const { decreaseLevels: _levels, ...increaseSide } = template;
      const { decreaseLevels: _defaults, ...defaultIncreaseSide } = DEFAULT_STRATEGY_CONFIG;
      expect(increaseSide).toEqual(defaultIncreaseSide);
      expect(parseStrategyConfig(template)).toEqual(template);
    }
  });

  it('is frozen so no caller can change the shared templates', () => {
    expect(Object.isFrozen(STRATEGY_TEMPLATES.SCALPER)).toBe(true);
    expect(Object.isFrozen(STRATEGY_TEMPLATES.SCALPER.decreaseLevels[0])).toBe(true);
    expect(() => {
      (STRATEGY_TEMPLATES.SCALPER.decreaseLevels[0] as { percentage: number }).percentage = 50;
    }).toThrow(TypeError);
  });
});

describe('increaseAmountForBudget', () => {
  it.each([
    ['1000', '100'], // 1000 ÷ 10
    ['2500', '250'], // 2500 ÷ 10
    ['1234.56', '123.45'], // 123.456 rounded DOWN to 2 dp
    ['999.99', '99.99'], // 99.999 → 99.99 (down, never above the budget)
  ])('advises %s ÷ 10 = %s', (budget, amount) => {
    expect(increaseAmountForBudget(budget)).toBe(amount);
  });

  it.each(['0', '-10', 'abc', ''])('rejects the budget %j', (budget) => {
    expect(() => increaseAmountForBudget(budget)).toThrow(
      expect.objectContaining({ errorName: 'INVALID_BUDGET' }),
    );
  });
});
