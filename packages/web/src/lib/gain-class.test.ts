import { describe, expect, it } from 'vitest';
import { gainClassName } from './gain-class';

describe('gainClassName', () => {
  it('colours gains by the ±3 % thresholds', () => {
    expect(gainClassName(3)).toBe('text-teal-800 font-semibold'); // ≥ +3: strong
    expect(gainClassName(2.99)).toBe('text-teal-700');
    expect(gainClassName(0)).toBe('text-neutral-700');
    expect(gainClassName('-0.01')).toBe('text-red-600');
    expect(gainClassName(-3)).toBe('text-red-800 font-semibold'); // ≤ −3: strong
  });
});
