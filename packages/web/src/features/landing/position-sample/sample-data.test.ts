import { STRATEGY_TEMPLATES } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { SAMPLE_RULES, SWING_TRADER_GAINS } from './sample-data';

describe('the position sample rules', () => {
  it('use the Swing Trader template gains from @balancer/core', () => {
    const template = STRATEGY_TEMPLATES.SWING_TRADER;
    expect(SWING_TRADER_GAINS.increase).toBe(template.increaseGainRequirement);
    expect(SWING_TRADER_GAINS.decrease).toEqual(
      template.decreaseLevels.map((level) => level.gainRequirement),
    );
    expect(SAMPLE_RULES.decreaseGains).toEqual([...SWING_TRADER_GAINS.decrease]);
  });
});
