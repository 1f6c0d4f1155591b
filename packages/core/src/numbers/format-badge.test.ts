import { describe, expect, it } from 'vitest';
import { codeOf } from '../testing/code-of.js';
import { formatBadge } from './format-badge.js';

describe('formatBadge', () => {
  const cases: Array<[number, string | null]> = [
    [0, null], // hidden
    [1, '1'],
    [8, '8'],
    [9, '9+'],
    [10, '9+'],
    [1_000_000, '9+'],
  ];
  it.each(cases)('%s → %s', (count, expected) => {
    expect(formatBadge(count)).toBe(expected);
  });

  it('rejects negative, fractional and non-number counts', () => {
    expect(codeOf(() => formatBadge(-1))).toBe(1503); // NEGATIVE_VALUE_NOT_ALLOWED
    expect(codeOf(() => formatBadge(1.5))).toBe(1506); // INVALID_INTEGER
    expect(codeOf(() => formatBadge(Number.NaN))).toBe(1500); // INVALID_VALUE
    expect(codeOf(() => formatBadge(Number.POSITIVE_INFINITY))).toBe(1500);
    expect(codeOf(() => formatBadge('3' as never))).toBe(1505); // INVALID_TYPE
  });
});
