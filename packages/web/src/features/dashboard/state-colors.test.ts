import { describe, expect, it } from 'vitest';
import { candleColors, DECREASE_COLORS, INCREASE_COLORS, stateLabel } from './state-colors';

describe('candleColors (chart state)', () => {
  it('uses decrease-0 up and decrease-2 down in state −2', () => {
    expect(candleColors(-2)).toEqual({ up: DECREASE_COLORS[0], down: DECREASE_COLORS[2] });
  });
  it('uses increase-2 up and increase-0 down in state 2', () => {
    expect(candleColors(2)).toEqual({ up: INCREASE_COLORS[2], down: INCREASE_COLORS[0] });
  });
  it.each([-1, 0, 1])('uses increase-1 up and decrease-1 down in state %i', (state) => {
    expect(candleColors(state)).toEqual({ up: INCREASE_COLORS[1], down: DECREASE_COLORS[1] });
  });
  it('keeps the strong increase teal (the theme colour)', () => {
    expect(INCREASE_COLORS[2]).toBe('#0f766e');
  });
});

describe('stateLabel', () => {
  it('names each state', () => {
    expect([2, 1, 0, -1, -2].map(stateLabel)).toEqual([
      'Increasing strongly',
      'Increasing',
      'Sideways',
      'Decreasing',
      'Decreasing strongly',
    ]);
  });
});
