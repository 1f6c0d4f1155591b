import { describe, expect, it } from 'vitest';
import { DEFAULT_COINS_CONFIG, parseCoinsConfig } from './config.js';

describe('coins config', () => {
  it('defaults to the top 24, 128 × 15 s, 0.01 / 0.3 (docs/strategy.md#coins)', () => {
    const { whitelist, ...rest } = DEFAULT_COINS_CONFIG;
    expect(rest).toEqual({ limit: 24, size: 128, interval: 15, requirement: 0.01, strongRequirement: 0.3 });
    expect(whitelist).toContain('BTC');
  });

  it.each([
    ['whitelist', { whitelist: ['ETH'] }], // no BTC
    ['whitelist', { whitelist: ['BTC', 'BTC'] }],
    ['whitelist', { whitelist: ['BTC', 'eth'] }],
    ['whitelist', { whitelist: ['BTC', 'A'.repeat(21)] }],
    ['limit', { limit: 0 }],
    ['limit', { limit: 25 }],
    ['size', { size: 127 }],
    ['size', { size: 513 }],
    ['interval', { interval: 4 }],
    ['interval', { interval: 61 }],
    ['interval', { interval: 15.5 }],
    ['strongRequirement', { requirement: 0.3, strongRequirement: 0.3 }],
  ])('rejects a bad %s with INVALID_COINS_CONFIG (2502)', (field, change) => {
    expect(() => parseCoinsConfig({ ...DEFAULT_COINS_CONFIG, ...change })).toThrow(
      expect.objectContaining({ code: 2502, message: expect.stringContaining(field) }),
    );
  });

  it('accepts the bounds', () => {
    const edges = {
      whitelist: ['BTC'],
      limit: 1,
      size: 512,
      interval: 60,
      requirement: 0.01,
      strongRequirement: 100,
    };
    expect(parseCoinsConfig(edges)).toEqual(edges);
  });
});
