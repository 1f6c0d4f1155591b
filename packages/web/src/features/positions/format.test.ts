import { describe, expect, it } from 'vitest';
import { formatCloseTime, formatGain, formatTime, gainClassName, positionStatus } from './format';

describe('position formats', () => {
  it('colours gains by the spec §9 thresholds', () => {
    expect(gainClassName(3)).toBe('text-teal-800 font-semibold'); // ≥ +3: strong
    expect(gainClassName(2.99)).toBe('text-teal-700');
    expect(gainClassName(0)).toBe('text-neutral-700');
    expect(gainClassName('-0.01')).toBe('text-red-600');
    expect(gainClassName(-3)).toBe('text-red-800 font-semibold'); // ≤ −3: strong
  });

  it('shows gains with a sign and 2 decimals', () => {
    expect(formatGain(1.5)).toBe('+1.50%');
    expect(formatGain(-12.345)).toBe('-12.35%'); // half up, away from zero
    expect(formatGain(0)).toBe('0.00%');
  });

  it('shows times as dd/LL/yyyy HH:mm and N/A for an open position', () => {
    // 1772719629000 ms = 2026-03-05T14:07:09Z
    expect(formatTime(1_772_719_629_000, 'UTC')).toBe('05/03/2026 14:07');
    expect(formatCloseTime(null, 'UTC')).toBe('N/A');
    expect(formatCloseTime(1_772_719_629_000, 'UTC')).toBe('05/03/2026 14:07');
  });

  it('names the status, archived first', () => {
    expect(positionStatus({ close: null, archived: false })).toBe('active');
    expect(positionStatus({ close: 5, archived: false })).toBe('closed');
    expect(positionStatus({ close: 5, archived: true })).toBe('archived');
  });
});
