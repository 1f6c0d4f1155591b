import { describe, expect, it } from 'vitest';
import { decreasePreview, isDecreasePercentage } from './decrease-amount';

const base = { price: '84000', freeBase: '1', increaseAmountQuote: '100' };

describe('decreasePreview (core decreaseAmount, what the engine sells)', () => {
  it('rounds the share down to 5 dp as the order does (the old 4 dp preview said ₿0.0003)', () => {
    // 0.00292 × 10 % = 0.000292 → 5 dp down: 0.00029 (≥ the 0.0002 minimum).
    const preview = decreasePreview({ ...base, positionAmount: '0.00292', percentage: 10 });
    expect(preview).toMatchObject({ ok: true, adjustment: null });
    expect(preview.ok && preview.amountBase.toFixed()).toBe('0.00029');
  });

  it('says when the exchange minimum raises a small share: a 1 % decrease sells 16.81 %', () => {
    // 0.00119 × 1 % = 0.0000119 → 0.00001, raised to 0.0002; 0.0002 ÷ 0.00119 = 16.806… % → 16.81.
    // The position is worth 0.00119 × 84,000 = 99.96 > 30 % of 100, so it is sold in parts.
    const preview = decreasePreview({ ...base, positionAmount: '0.00119', percentage: 1 });
    expect(
      preview.ok && [preview.amountBase.toFixed(), preview.sharePercent.toFixed(2), preview.adjustment],
    ).toEqual(['0.0002', '16.81', 'raised-to-minimum']);
  });

  it('says when the whole position goes: worth at most 30 % of one increase, or a rest under the minimum', () => {
    // Worth 0.00119 × 84,000 = 99.96 ≤ 0.3 × 1,000 = 300: sold whole.
    const small = decreasePreview({
      ...base,
      increaseAmountQuote: '1000',
      positionAmount: '0.00119',
      percentage: 25,
    });
    expect(small.ok && [small.amountBase.toFixed(), small.sharePercent.toFixed(2), small.adjustment]).toEqual(
      ['0.00119', '100.00', 'whole-position'],
    );
    // 0.0003 − 0.0002 = 0.0001 would be left, under the minimum: all of it.
    const rest = decreasePreview({
      ...base,
      positionAmount: '0.0003',
      percentage: 50,
      increaseAmountQuote: '50',
    });
    expect(rest.ok && rest.adjustment).toBe('whole-position');
  });

  it('caps at the free BTC, and refuses what falls under the minimum', () => {
    const capped = decreasePreview({ ...base, positionAmount: '0.01', percentage: 50, freeBase: '0.003' });
    expect(capped.ok && [capped.amountBase.toFixed(), capped.adjustment]).toEqual([
      '0.003',
      'capped-at-free',
    ]);
    expect(decreasePreview({ ...base, positionAmount: '0.01', percentage: 50, freeBase: '0.0001' })).toEqual({
      ok: false,
      reason: 'insufficient-balance',
    });
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
