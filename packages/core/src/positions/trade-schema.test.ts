import { describe, expect, it } from 'vitest';
import { buy } from '../strategy/testing.js';
import { compareTrades, parseTrades } from './trade-schema.js';

describe('parseTrades', () => {
  it('normalises amounts to plain decimal strings and keeps the fields', () => {
    const parsed = parseTrades([{ ...buy('1', 1, '100', '0.01'), commission: '7.5e-7' }]);
    expect(parsed[0]!.commission).toBe('0.00000075');
    expect(parsed[0]!.quoteAmount).toBe('1'); // 100 × 0.01
  });

  it.each([
    ['id', ''],
    ['side', 'BOTH'],
    ['time', -1],
    ['time', 1.5],
    ['price', '0'],
    ['amount', 'abc'],
    ['quoteAmount', '-5'],
    ['commission', '-0.1'],
    ['commissionAsset', 'BNB'],
  ])('rejects a bad %s (%j) naming it', (field, value) => {
    const trade = { ...buy('1', 1, '100', '0.01'), [field]: value };
    expect(() => parseTrades([trade])).toThrow(expect.objectContaining({ errorName: 'INVALID_TRADE' }));
    expect(() => parseTrades([trade])).toThrow(new RegExp(`0\\.${field}`));
  });
});

describe('compareTrades', () => {
  it('orders by time, then integer ids numerically, other ids as text', () => {
    expect(compareTrades(buy('2', 1, '1', '1'), buy('1', 2, '1', '1'))).toBeLessThan(0);
    expect(compareTrades(buy('9', 1, '1', '1'), buy('10', 1, '1', '1'))).toBeLessThan(0);
    expect(compareTrades(buy('b', 1, '1', '1'), buy('a', 1, '1', '1'))).toBeGreaterThan(0);
    expect(compareTrades(buy('7', 1, '1', '1'), buy('7', 1, '1', '1'))).toBe(0);
  });
});
