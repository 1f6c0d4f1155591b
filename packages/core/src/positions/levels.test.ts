import { describe, expect, it } from 'vitest';
import { decreaseLevelPrice } from './levels.js';

describe('decreaseLevelPrice', () => {
  it('rounds entry × (1 + gain / 100) half up to 2 dp, as the original', () => {
    // 100.01 × 1.015 = 101.51015 → 101.51 (rounding up would give 101.52)
    expect(decreaseLevelPrice('100.01', 1.5).toFixed()).toBe('101.51');
    // 100.1 × 1.015 = 101.6015 → 101.6; a tie rounds up: 100.3 × 1.05 = 105.315 → 105.32
    expect(decreaseLevelPrice('100.1', 1.5).toFixed()).toBe('101.6');
    expect(decreaseLevelPrice('100.3', 5).toFixed()).toBe('105.32');
  });
});
