import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDuration } from './format-time';

// 2026-03-05T14:07:09Z
const AT = 1772719629000;

describe('formatDateTime / formatDate', () => {
  it('writes dd/LL/yyyy HH:mm in the given time zone, 24-hour', () => {
    expect(formatDateTime(AT, 'UTC')).toBe('05/03/2026 14:07');
    expect(formatDateTime(AT, 'America/New_York')).toBe('05/03/2026 09:07');
    expect(formatDateTime(AT + 10 * 3600_000, 'UTC')).toBe('06/03/2026 00:07');
    expect(formatDate(AT, 'Asia/Tokyo')).toBe('05/03/2026');
  });

  it('shows a dash for a missing or impossible instant instead of throwing', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime(Number.NaN)).toBe('—');
    expect(formatDateTime(-1)).toBe('—');
    expect(formatDate(Number.POSITIVE_INFINITY)).toBe('—');
  });
});

describe('formatDuration', () => {
  it('writes days, hours and minutes', () => {
    expect(formatDuration(59)).toBe('0m');
    expect(formatDuration(3 * 86_400 + 4 * 3600 + 5 * 60)).toBe('3d 4h 5m');
    expect(formatDuration(2 * 86_400 + 60)).toBe('2d 0h 1m');
  });
});
