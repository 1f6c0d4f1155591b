import { LAB_SWEEP_PARAMETERS } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import {
  candlesInPeriod,
  combinationCount,
  defaultRange,
  estimateSeconds,
  formatEstimate,
  SWEEP_CANDLES_PER_SECOND,
  valuesInRange,
  withinLimit,
} from './sweep-plan';

describe('the sweep form: count and estimate', () => {
  it('counts a range with both ends included, and none for an empty or bad one', () => {
    expect(valuesInRange({ parameter: 'a', from: -4, to: 0, step: 2 })).toBe(3);
    expect(valuesInRange({ parameter: 'a', from: 0.1, to: 0.3, step: 0.1 })).toBe(3);
    expect(valuesInRange({ parameter: 'a', from: 1, to: 1, step: 1 })).toBe(1);
    expect(valuesInRange({ parameter: 'a', from: 2, to: 1, step: 1 })).toBe(0);
    expect(valuesInRange({ parameter: 'a', from: 0, to: 1, step: 0 })).toBe(0);
  });

  it('multiplies the ranges of a grid; a random search runs its count, at most the grid', () => {
    const ranges = [
      { parameter: 'a', from: -4, to: 0, step: 2 },
      { parameter: 'b', from: 0.5, to: 1.5, step: 0.5 },
    ];
    expect(combinationCount(ranges, { kind: 'grid' })).toBe(9);
    expect(combinationCount(ranges, { kind: 'random', count: 4, seed: 1 })).toBe(4);
    expect(combinationCount(ranges, { kind: 'random', count: 40, seed: 1 })).toBe(9);
    expect(combinationCount([], undefined)).toBe(0);
    expect(withinLimit(500)).toBe(true);
    expect(withinLimit(501)).toBe(false);
    expect(withinLimit(0)).toBe(false);
  });

  it('estimates from the candles of the chosen period', () => {
    const day = 86_400_000;
    const set = { candles: 3_650, fromMs: 0, toMs: 365 * day };
    expect(candlesInPeriod(set, null, null)).toBe(3_650);
    expect(candlesInPeriod(set, 0, 73 * day)).toBe(730);
    expect(candlesInPeriod(set, 400 * day, 500 * day)).toBe(0);
    expect(estimateSeconds(100, 35_000)).toBe(Math.ceil(3_500_000 / SWEEP_CANDLES_PER_SECOND));
    expect(estimateSeconds(1, 10)).toBe(1);
    expect(formatEstimate(12)).toBe('about 12 s');
    expect(formatEstimate(600)).toBe('about 10 min');
  });
});

describe('defaultRange', () => {
  it('writes the first range on the step grid, without float artefacts', () => {
    for (const spec of LAB_SWEEP_PARAMETERS) {
      const range = defaultRange(spec);
      for (const value of [range.from, range.to]) expect(String(value)).not.toMatch(/\d{6,}/);
    }
    expect(defaultRange({ id: 'decreaseGainScale', min: 0.1, step: 0.01 })).toEqual({
      parameter: 'decreaseGainScale',
      from: 0.1,
      to: 0.12,
      step: 0.01,
    });
  });
});
