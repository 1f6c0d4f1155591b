import { describe, expect, it } from 'vitest';
import { DEFAULT_REVERSAL_CONFIG, parseReversalConfig } from './config.js';

describe('reversal config', () => {
  it('defaults to 360 min, 78 points, weights 35 / 32.5 / 32.5 (docs/strategy.md#reversal)', () => {
    expect(DEFAULT_REVERSAL_CONFIG).toEqual({
      crashDuration: 360,
      pointsRequirement: 78,
      weights: { liquidity: 35, coinsQuote: 32.5, coinsBase: 32.5 },
    });
  });

  it('accepts weights that add up to 100 in decimals', () => {
    const weights = { liquidity: 33.4, coinsQuote: 33.3, coinsBase: 33.3 }; // 33.4 + 33.3 + 33.3 = 99.99999999999999 in doubles
    expect(parseReversalConfig({ ...DEFAULT_REVERSAL_CONFIG, weights }).weights).toEqual(weights);
  });

  it.each([
    ['crashDuration', { crashDuration: 4 }],
    ['crashDuration', { crashDuration: 10_081 }],
    ['crashDuration', { crashDuration: 6.5 }],
    ['pointsRequirement', { pointsRequirement: 49.99 }],
    ['pointsRequirement', { pointsRequirement: 100.01 }],
    ['weights', { weights: { liquidity: 35, coinsQuote: 32.5, coinsBase: 32 } }], // 99.5
    ['weights.liquidity', { weights: { liquidity: 0, coinsQuote: 50, coinsBase: 50 } }],
    ['weights.coinsBase', { weights: { liquidity: 50, coinsQuote: 50 } }],
  ])('rejects a bad %s with INVALID_REVERSAL_CONFIG (2503)', (field, change) => {
    expect(() => parseReversalConfig({ ...DEFAULT_REVERSAL_CONFIG, ...change })).toThrow(
      expect.objectContaining({ code: 2503, message: expect.stringContaining(field) }),
    );
  });
});
