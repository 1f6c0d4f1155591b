import { describe, expect, it } from 'vitest';
import { formatCloseTime, positionStatus } from './format';

describe('position formats', () => {
  it('shows times as dd/LL/yyyy HH:mm and N/A for an open position', () => {
    // 1772719629000 ms = 2026-03-05T14:07:09Z
    expect(formatCloseTime(null, 'UTC')).toBe('N/A');
    expect(formatCloseTime(1_772_719_629_000, 'UTC')).toBe('05/03/2026 14:07');
  });

  it('names the status, archived first', () => {
    expect(positionStatus({ close: null, archived: false })).toBe('active');
    expect(positionStatus({ close: 5, archived: false })).toBe('closed');
    expect(positionStatus({ close: 5, archived: true })).toBe('archived');
  });
});
