import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeOf } from '../testing/code-of.js';
import { classifyGain, type GainClass } from './format-gain.js';

describe('classifyGain', () => {
  const cases: Array<[string | number, GainClass]> = [
    [3, 'strong-positive'], // at +3
    [12.5, 'strong-positive'],
    ['2.9999999999999999', 'positive'], // a float would read this as 3
    [0.01, 'positive'],
    [0, 'neutral'],
    ['-0', 'neutral'],
    [-0.01, 'negative'],
    ['-2.9999999999999999', 'negative'],
    [-3, 'strong-negative'], // at −3
    [-100, 'strong-negative'],
  ];
  it.each(cases)('%s → %s', (gain, expected) => {
    expect(classifyGain(gain)).toBe(expected);
  });

  it('rejects what is not a number', () => {
    expect(codeOf(() => classifyGain(Number.NaN))).toBe(1500);
    expect(codeOf(() => classifyGain('3%'))).toBe(1500);
  });

  it('is symmetric around zero (property)', () => {
    const mirror: Record<GainClass, GainClass> = {
      'strong-positive': 'strong-negative',
      positive: 'negative',
      neutral: 'neutral',
      negative: 'positive',
      'strong-negative': 'strong-positive',
    };
    fc.assert(
      fc.property(fc.double({ min: -1000, max: 1000, noNaN: true }), (gain) => {
        expect(classifyGain(-gain)).toBe(mirror[classifyGain(gain)]);
      }),
    );
  });
});
