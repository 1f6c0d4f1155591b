import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertRequirements, changeState, meanState, splitSumState } from './state-mapping.js';

const requirements = fc
  .tuple(fc.integer({ min: 1, max: 9_999 }), fc.integer({ min: 2, max: 10_000 }))
  .filter(([a, b]) => a < b)
  .map(([a, b]) => ({ requirement: a / 100, strong: b / 100 }));

describe('changeState', () => {
  it.each([
    [300, 0.5, 1.5, 2], // 300 ≥ 1.5
    [1.5, 0.5, 1.5, 2], // the strong requirement itself counts
    [7, 5, 10, 1], // 5 ≤ 7 < 10
    [3, 5, 10, 0],
    [-8, 1.55, 7.85, -2],
    [-3, 1.55, 7.85, -1],
    [-0.5, 0.5, 1.5, -1], // −requirement itself counts
    [0, 0.01, 0.02, 0],
  ])('change %s with %s / %s is %s', (change, requirement, strong, expected) => {
    expect(changeState(change, requirement, strong)).toBe(expected);
  });

  it('negates the state when the change is negated', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        requirements,
        (change, { requirement, strong }) => {
          expect(changeState(-change, requirement, strong)).toBe(
            -changeState(change, requirement, strong) || 0,
          );
        },
      ),
    );
  });

  it('stays within −2..2', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), requirements, (change, { requirement, strong }) => {
        expect([-2, -1, 0, 1, 2]).toContain(changeState(change, requirement, strong));
      }),
    );
  });
});

describe('meanState', () => {
  const mean = (states: number[]): number => states.reduce((a, b) => a + b, 0) / states.length;
  it.each([
    [[2, 2, 2, 2, 2, 2, 2, 2], 2], // 16/8 = 2 ≥ 1.5
    [[2, 2, 1, 0, -1, 2, 2, 2], 1], // 10/8 = 1.25 ≥ 0.75
    [[2, 1, 1, 0, -1, 0, 0, -2], 0], // 1/8 = 0.125
    [[-2, -1, 1, 0, -1, 1, -2, -2], -1], // −6/8 = −0.75 ≤ −0.75
    [[-2, -2, -1, -1, -2, 0, -2, -2], -2], // −12/8 = −1.5 ≤ −1.5
  ])('the mean of %j is %s (docs/strategy.md#window)', (states, expected) => {
    expect(meanState(mean(states))).toBe(expected);
    expect(splitSumState(states.reduce((a, b) => a + b, 0))).toBe(expected);
  });

  it('rounds the mean to 2 dp before the thresholds', () => {
    expect(meanState(1.495)).toBe(2); // 1.495 → 1.5
    expect(meanState(1.494)).toBe(1); // 1.494 → 1.49
    expect(meanState(-0.745)).toBe(-1); // −0.745 → −0.75
  });

  it('maps every sum of 8 split states like the mean does', () => {
    for (let sum = -16; sum <= 16; sum += 1) expect(splitSumState(sum), String(sum)).toBe(meanState(sum / 8));
  });

  it('negates with the sum', () => {
    for (let sum = -16; sum <= 16; sum += 1) expect(splitSumState(-sum)).toBe(-splitSumState(sum) || 0);
  });
});

describe('assertRequirements', () => {
  it.each([
    [0.005, 1], // below 0.01
    [1, 101], // above 100
    [1, 1], // not below strong
    [2, 1],
    [Number.NaN, 1],
    [1, Number.POSITIVE_INFINITY],
  ])('rejects %s / %s with INVALID_STATE_REQUIREMENTS (2505)', (requirement, strong) => {
    expect(() => assertRequirements(requirement, strong)).toThrow(expect.objectContaining({ code: 2505 }));
  });

  it('accepts the bounds', () => {
    expect(() => assertRequirements(0.01, 100)).not.toThrow();
  });
});
