import { describe, expect, it } from 'vitest';
import { checkConfig, parseConfig } from './config-check.js';
import { liquidityConfigSchema } from './liquidity/config.js';

const valid = { maxDistanceFromPrice: 0.15, intensityWeights: { 1: 1, 2: 3, 3: 6, 4: 9 } };

describe('config checks', () => {
  it('returns parsed configs deep-frozen', () => {
    const config = parseConfig(liquidityConfigSchema, valid, 'INVALID_LIQUIDITY_CONFIG');
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.intensityWeights)).toBe(true);
    expect(checkConfig(liquidityConfigSchema, config, 'INVALID_LIQUIDITY_CONFIG')).toBe(config);
  });

  it('checks a mutable config again on every call', () => {
    const config = structuredClone(valid);
    expect(() => checkConfig(liquidityConfigSchema, config, 'INVALID_LIQUIDITY_CONFIG')).not.toThrow();
    config.intensityWeights[2] = 0;
    expect(() => checkConfig(liquidityConfigSchema, config, 'INVALID_LIQUIDITY_CONFIG')).toThrow(
      expect.objectContaining({ code: 2501, message: expect.stringContaining('intensityWeights.2') }),
    );
  });

  it('does not trust a frozen object with a mutable part', () => {
    const weights = { ...valid.intensityWeights };
    const config = Object.freeze({ ...valid, intensityWeights: weights });
    checkConfig(liquidityConfigSchema, config, 'INVALID_LIQUIDITY_CONFIG');
    weights[4] = 1000;
    expect(() => checkConfig(liquidityConfigSchema, config, 'INVALID_LIQUIDITY_CONFIG')).toThrow(
      expect.objectContaining({ code: 2501 }),
    );
  });
});
