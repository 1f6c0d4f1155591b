import { describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW_CONFIG, parseWindowConfig } from './config.js';

describe('window config', () => {
  it('defaults to 128 × 15m, refetch 3 s, 0.025 / 0.85 (docs/strategy.md#window)', () => {
    expect(DEFAULT_WINDOW_CONFIG).toEqual({
      size: 128,
      interval: '15m',
      refetchFrequency: 3,
      requirement: 0.025,
      strongRequirement: 0.85,
    });
    expect(Object.isFrozen(DEFAULT_WINDOW_CONFIG)).toBe(true);
  });

  it('accepts the bounds', () => {
    const edges = {
      size: 512,
      interval: '1w',
      refetchFrequency: 2.5,
      requirement: 0.01,
      strongRequirement: 100,
    };
    expect(parseWindowConfig(edges)).toEqual(edges);
    expect(parseWindowConfig({ ...edges, size: 128, refetchFrequency: 60 }).size).toBe(128);
  });

  it.each([
    ['size', { size: 127 }],
    ['size', { size: 513 }],
    ['size', { size: 200.5 }],
    ['interval', { interval: '2h' }],
    ['refetchFrequency', { refetchFrequency: 2 }],
    ['refetchFrequency', { refetchFrequency: 61 }],
    ['requirement', { requirement: 0.001 }],
    ['strongRequirement', { strongRequirement: 100.5 }],
    ['strongRequirement', { requirement: 0.85, strongRequirement: 0.85 }],
    ['extra', { extra: 1 }],
  ])('rejects a bad %s with INVALID_WINDOW_CONFIG (2500) naming it', (field, change) => {
    expect(() => parseWindowConfig({ ...DEFAULT_WINDOW_CONFIG, ...change })).toThrow(
      expect.objectContaining({ code: 2500, message: expect.stringContaining(field) }),
    );
  });

  it('names every bad field at once', () => {
    expect(() => parseWindowConfig({ ...DEFAULT_WINDOW_CONFIG, size: 1, interval: 'x' })).toThrow(
      expect.objectContaining({ message: expect.stringMatching(/size.*interval/) }),
    );
  });
});
