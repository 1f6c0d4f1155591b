import { describe, expect, it } from 'vitest';
import { decreaseAmount, isDecreasePercentage } from './decrease-amount';

describe('decreaseAmount (amount × percentage / 100, 4 dp, half down)', () => {
  it('rounds below half down and above half up', () => {
    // 0.12345 × 50 / 100 = 0.061725 → 4th decimal 7, the rest 25 < half → 0.0617
    expect(decreaseAmount('0.12345000', 50).toFixed(4)).toBe('0.0617');
    // 1.23456789 × 100 / 100 = 1.23456789 → the rest 56789 > half → 1.2346
    expect(decreaseAmount('1.23456789', 100).toFixed(4)).toBe('1.2346');
  });

  it('rounds an exact half down (half up would go the other way)', () => {
    // 0.0003 × 50 / 100 = 0.00015: a tie → 0.0001 (half up: 0.0002)
    expect(decreaseAmount('0.0003', 50).toFixed(4)).toBe('0.0001');
    // 0.0001 × 50 / 100 = 0.00005: a tie → 0.0000
    expect(decreaseAmount('0.00010000', 50).toFixed(4)).toBe('0.0000');
  });

  it('computes in decimals, where floats would break the tie', () => {
    // 1.00005 × 100 / 100 = 1.00005 exactly → tie → 1.0000; as a float 1.00005 is
    // 1.0000500000000001, which would round to 1.0001.
    expect(decreaseAmount('1.00005', 100).toFixed(4)).toBe('1.0000');
    // 0.3 × 33.3 / 100 = 0.0999 exactly (float: 0.09989999999999999)
    expect(decreaseAmount('0.3', '33.3').toFixed(4)).toBe('0.0999');
  });
});

describe('isDecreasePercentage (1–100)', () => {
  it.each(['1', '25', '99.5', '100', ' 50 '])('accepts %j', (text) => {
    expect(isDecreasePercentage(text)).toBe(true);
  });
  it.each(['0', '0.5', '100.01', '101', '-5', '', 'abc', '1e2'])('refuses %j', (text) => {
    expect(isDecreasePercentage(text)).toBe(false);
  });
});
