import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_ACTIONS } from '../positions/actions.js';
import type { PositionAction } from '../positions/types.js';
import { appendDecrease, appendIncrease, copyActions, recordDecrease, recordIncrease } from './record.js';
import { DEFAULT_STRATEGY_CONFIG, STRATEGY_TEMPLATES } from './templates.js';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const strategy = DEFAULT_STRATEGY_CONFIG;

describe('recordIncrease', () => {
  it('sets the next increase time from the idle rule', () => {
    const once = recordIncrease(EMPTY_ACTIONS, 'a', 0, strategy);
    // first increase: 48 h × 1
    expect(once.increases).toEqual([{ txID: 'a', eventTime: 0, nextEventTime: 48 * HOUR }]);
    const twice = recordIncrease(once, 'b', 50 * HOUR, strategy);
    // second: 50 h + 48 h × 2 = 146 h (incremental)
    expect(twice.increases[1]).toEqual({ txID: 'b', eventTime: 50 * HOUR, nextEventTime: 146 * HOUR });
    const fixed = recordIncrease(once, 'b', 50 * HOUR, { ...strategy, increaseIdleMode: 'fixed' });
    // fixed: 50 h + 48 h
    expect(fixed.increases[1]!.nextEventTime).toBe(98 * HOUR);
    // inputs untouched
    expect(once.increases).toHaveLength(1);
    expect(EMPTY_ACTIONS.increases).toHaveLength(0);
  });

  it('rejects a missing txID or a bad time', () => {
    const code = (errorName: string) => expect.objectContaining({ errorName });
    expect(() => recordIncrease(EMPTY_ACTIONS, '', 0, strategy)).toThrow(code('INVALID_STRATEGY_INPUT'));
    expect(() => recordIncrease(EMPTY_ACTIONS, 'a', 1.5, strategy)).toThrow(code('INVALID_STRATEGY_INPUT'));
  });
});

describe('recordDecrease', () => {
  it("sets the level's next sell time from its frequency", () => {
    const actions = recordDecrease(EMPTY_ACTIONS, 2, 'x', 5 * MINUTE, strategy);
    // level 2 frequency 80 minutes: 5 + 80
    expect(actions.decreases[2]).toEqual([{ txID: 'x', eventTime: 5 * MINUTE, nextEventTime: 85 * MINUTE }]);
    expect(actions.decreases.filter((list) => list.length > 0)).toHaveLength(1);
    expect(EMPTY_ACTIONS.decreases[2]).toHaveLength(0);
  });

  it('records nothing for a manual sell (level −1)', () => {
    expect(recordDecrease(EMPTY_ACTIONS, -1, 'm', 1, strategy)).toEqual(EMPTY_ACTIONS);
  });

  it.each([5, -2, 1.5])('rejects level %s', (level) => {
    expect(() => recordDecrease(EMPTY_ACTIONS, level, 'x', 1, strategy)).toThrow(
      expect.objectContaining({ errorName: 'INVALID_DECREASE_LEVEL' }),
    );
  });
});

describe('appendIncrease and appendDecrease', () => {
  it('record in place what the plain rules give, fill after fill (property)', () => {
    const fills = fc.array(
      fc.record({ level: fc.integer({ min: -2, max: 4 }), minutes: fc.integer({ min: 1, max: 5000 }) }),
      { maxLength: 30 },
    );
    const strategies = fc.constantFrom(
      ...Object.values(STRATEGY_TEMPLATES).flatMap((template) => [
        template,
        { ...template, increaseIdleMode: 'fixed' as const },
      ]),
    );
    fc.assert(
      fc.property(strategies, fills, (chosen, plays) => {
        const own = copyActions(EMPTY_ACTIONS);
        const increases: PositionAction[] = [];
        const decreases: PositionAction[][] = [[], [], [], [], []];
        let now = 0;
        plays.forEach(({ level, minutes }, i) => {
          now += minutes * MINUTE;
          const txID = `t${i}`;
          if (level === -2) {
            appendIncrease(own, txID, now, chosen);
            // The plain rule: idle hours × (the increases so far, this one included, when incremental).
            const factor = chosen.increaseIdleMode === 'incremental' ? increases.length + 1 : 1;
            const wait = Math.round(chosen.increaseIdleDuration * HOUR * factor);
            increases.push({ txID, eventTime: now, nextEventTime: now + wait });
          } else {
            appendDecrease(own, level, txID, now, chosen);
            // A level's sell waits its frequency (minutes); a manual one (−1) records nothing.
            const frequency = chosen.decreaseLevels[level]?.frequency;
            if (frequency !== undefined)
              decreases[level]!.push({ txID, eventTime: now, nextEventTime: now + frequency * MINUTE });
          }
          expect(own).toEqual({ increases, decreases });
        });
      }),
      { numRuns: 200 },
    );
  });
});
