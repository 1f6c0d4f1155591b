import { describe, expect, it } from 'vitest';
import { EQUITY_RANGES, EQUITY_WINDOWS, equitySample } from './equity.js';

describe('equitySample', () => {
  it('values the BTC at the price and rounds quote values half up to 2 dp', () => {
    expect(equitySample(60_000, '1500.005', '0.01234567', '95000.5')).toEqual({
      time: 60_000,
      quote: '1500.01',
      base: '0.01234567',
      price: '95000.5',
      // 1500.005 + 0.01234567 × 95000.5 = 1500.005 + 1172.84482... = 2672.8498...
      equity: '2672.85',
    });
  });

  it('is exact where floats are not', () => {
    expect(equitySample(0, '0.1', '0.2', '1').equity).toBe('0.30');
    expect(equitySample(0, '0', '0', '95000').equity).toBe('0.00');
  });

  it('refuses negative balances', () => {
    expect(() => equitySample(0, '-1', '0', '1')).toThrow();
  });
});

describe('EQUITY_WINDOWS', () => {
  it('bounds every range to a few hundred points', () => {
    for (const range of EQUITY_RANGES) {
      const { spanMs, bucketMs } = EQUITY_WINDOWS[range];
      expect(spanMs / bucketMs).toBeLessThanOrEqual(370);
    }
  });
});
