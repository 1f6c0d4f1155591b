import { DEFAULT_STRATEGY_CONFIG } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { rowStrategy, strategyDiff } from './strategy-diff';

describe('the diff of a row against the live strategy', () => {
  it('is empty for the same settings and names each changed setting with both values', () => {
    expect(strategyDiff(DEFAULT_STRATEGY_CONFIG, structuredClone(DEFAULT_STRATEGY_CONFIG))).toEqual([]);
    const applied = rowStrategy(DEFAULT_STRATEGY_CONFIG, {
      increaseIdleDuration: 7,
      decreasePercentageScale: 2,
    });
    const changes = strategyDiff(DEFAULT_STRATEGY_CONFIG, applied);
    expect(changes).toContainEqual({
      path: 'increaseIdleDuration',
      live: DEFAULT_STRATEGY_CONFIG.increaseIdleDuration,
      applied: 7,
    });
    const level = DEFAULT_STRATEGY_CONFIG.decreaseLevels[0];
    expect(changes).toContainEqual({
      path: 'decreaseLevels.0.percentage',
      live: level.percentage,
      applied: Math.min(100, level.percentage * 2),
    });
    expect(
      changes.every(
        (change) => change.path.startsWith('decreaseLevels.') || change.path === 'increaseIdleDuration',
      ),
    ).toBe(true);
  });

  it('leaves the strategy as it is for a window parameter', () => {
    expect(rowStrategy(DEFAULT_STRATEGY_CONFIG, { windowSize: 200 })).toEqual(DEFAULT_STRATEGY_CONFIG);
  });
});
