import { describe, expect, it } from 'vitest';
import { assertPositionActions, EMPTY_ACTIONS } from './actions.js';

describe('position actions', () => {
  it('starts empty with 5 frozen decrease lists', () => {
    expect(EMPTY_ACTIONS).toEqual({ increases: [], decreases: [[], [], [], [], []] });
    expect(Object.isFrozen(EMPTY_ACTIONS.decreases[0])).toBe(true);
    expect(JSON.parse(JSON.stringify(EMPTY_ACTIONS))).toEqual(EMPTY_ACTIONS);
  });

  it.each([
    ['4 decrease lists', { increases: [], decreases: [[], [], [], []] }],
    [
      'an action without txID',
      { increases: [{ eventTime: 1, nextEventTime: null }], decreases: [[], [], [], [], []] },
    ],
    [
      'a fractional time',
      { increases: [{ txID: 'a', eventTime: 1.5, nextEventTime: null }], decreases: [[], [], [], [], []] },
    ],
    ['null', null],
  ])('rejects %s', (_name, actions) => {
    expect(() => assertPositionActions(actions)).toThrow(
      expect.objectContaining({ errorName: 'INVALID_POSITION_ACTIONS' }),
    );
  });
});
