import { describe, expect, it } from 'vitest';
import { decreaseAmountForDisplay } from './display.js';

describe('decreaseAmountForDisplay', () => {
  it.each([
    ['0.5', 50, '0.2500'], // 0.5 × 50 / 100 = 0.25
    ['0.0025', 50, '0.0012'], // 0.00125 is a tie: half-down → 0.0012 (half-up would give 0.0013)
    ['0.0035', 50, '0.0017'], // 0.00175, a tie → 0.0017
    ['0.00251', 50, '0.0013'], // 0.001255 is above the tie → 0.0013
    ['1.23456789', 100, '1.2346'], // 1.23456789: above the half → up
    ['0.0001', 1, '0.0000'], // 0.000001
  ])('%s × %s %% = %s', (amount, percentage, shown) => {
    expect(decreaseAmountForDisplay(amount, percentage)).toBe(shown);
  });

  it('rejects bad input', () => {
    expect(() => decreaseAmountForDisplay('-1', 10)).toThrow(
      expect.objectContaining({ errorName: 'INVALID_STRATEGY_INPUT' }),
    );
    expect(() => decreaseAmountForDisplay('1', 101)).toThrow(
      expect.objectContaining({ errorName: 'INVALID_DECREASE_PERCENTAGE' }),
    );
  });
});
