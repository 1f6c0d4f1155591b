import { describe, expect, it } from 'vitest';
import { actionCountLabel, decreaseLevels } from './decrease-levels';

const sell = (txID: string, eventTime: number) => ({ txID, eventTime, nextEventTime: null });

describe('decreaseLevels', () => {
  it('numbers levels from 1 and pairs each with its price and sells', () => {
    const levels = decreaseLevels({
      decrease_actions: [[sell('7', 1_000), sell('9', 2_000)], [], [sell('12', 3_000)]],
      decrease_price_levels: ['70000.00', '71000.00', '72000.00'],
    });
    expect(levels.map(({ level, price, actions }) => [level, price, actions.length])).toEqual([
      [1, '70000.00', 2],
      [2, '71000.00', 0],
      [3, '72000.00', 1],
    ]);
  });

  it('keeps levels that only one list has', () => {
    const levels = decreaseLevels({
      decrease_actions: [[], [], [sell('3', 5)]],
      decrease_price_levels: ['1.00'],
    });
    expect(levels.map(({ level, price, actions }) => [level, price, actions.length])).toEqual([
      [1, '1.00', 0],
      [2, null, 0],
      [3, null, 1],
    ]);
  });

  it('labels the action count', () => {
    expect([0, 1, 2].map(actionCountLabel)).toEqual(['No actions', '1 action', '2 actions']);
  });
});
