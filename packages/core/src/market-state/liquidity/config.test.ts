import { describe, expect, it } from 'vitest';
import { DEFAULT_LIQUIDITY_CONFIG, parseLiquidityConfig } from './config.js';

describe('liquidity config', () => {
  it('defaults to 0.15 % and weights 1 3 6 9 (docs/strategy.md#liquidity)', () => {
    expect(DEFAULT_LIQUIDITY_CONFIG).toEqual({
      maxDistanceFromPrice: 0.15,
      intensityWeights: { 1: 1, 2: 3, 3: 6, 4: 9 },
    });
  });

  it.each([
    ['maxDistanceFromPrice', { maxDistanceFromPrice: 0.001 }],
    ['maxDistanceFromPrice', { maxDistanceFromPrice: 101 }],
    ['intensityWeights.1', { intensityWeights: { 1: 0, 2: 3, 3: 6, 4: 9 } }],
    ['intensityWeights.4', { intensityWeights: { 1: 1, 2: 3, 3: 6, 4: 101 } }],
    ['intensityWeights.2', { intensityWeights: { 1: 1, 2: 2.5, 3: 6, 4: 9 } }],
    ['intensityWeights.3', { intensityWeights: { 1: 1, 2: 3, 4: 9 } }],
  ])('rejects a bad %s with INVALID_LIQUIDITY_CONFIG (2501)', (field, change) => {
    expect(() => parseLiquidityConfig({ ...DEFAULT_LIQUIDITY_CONFIG, ...change })).toThrow(
      expect.objectContaining({ code: 2501, message: expect.stringContaining(field) }),
    );
  });

  it('accepts the bounds', () => {
    const edges = { maxDistanceFromPrice: 100, intensityWeights: { 1: 1, 2: 100, 3: 1, 4: 100 } };
    expect(parseLiquidityConfig(edges)).toEqual(edges);
  });
});
