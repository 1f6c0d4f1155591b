import { describe, expect, it } from 'vitest';
import { computeThresholds, intensityOf } from './thresholds.js';

describe('computeThresholds', () => {
  it('builds each threshold from the rounded ones before it', () => {
    // sizes 2 4 10 1 1 3: mean 21/6 = 3.5, smallest 1, largest 10
    expect(computeThresholds([2, 4, 10, 1, 1, 3])).toEqual({
      mean: 3.5,
      meanLow: 2.25, // (3.5 + 1)/2
      meanVeryHigh: 6.75, // (3.5 + 10)/2
      meanHigh: 5.13, // (3.5 + 6.75)/2 = 5.125, half up
      meanHighAdj: 4.32, // (3.5 + 5.13)/2 = 4.315, half up (doubles would say 4.3149999…)
      meanMedium: 3.91, // (3.5 + 4.32)/2
      meanMediumAdj: 3.71, // (3.5 + 3.91)/2 = 3.705, half up
      meanLowMedium: 2.98, // (2.25 + 3.71)/2
    });
  });

  it('gives null without levels', () => {
    expect(computeThresholds([])).toBeNull();
  });

  it('grades a level by the highest threshold it reaches', () => {
    const thresholds = computeThresholds([2, 4, 10, 1, 1, 3])!;
    expect(
      [10, 4.32, 4, 3.71, 3, 2.98, 2.5, 2.25, 2, 0.1].map((size) => intensityOf(size, thresholds)),
    ).toEqual([4, 4, 3, 3, 2, 2, 1, 1, 0, 0]);
  });
});
