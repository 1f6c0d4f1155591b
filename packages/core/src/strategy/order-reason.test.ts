import { describe, expect, it } from 'vitest';
import { codeOf } from '../testing/code-of.js';
import type { StrategyConfig } from './config.js';
import {
  decreaseReason,
  describeOrderReason,
  increaseReason,
  manualReason,
  REASON_NOT_RECORDED,
} from './order-reason.js';
import { readOrderReason } from './order-reason-schema.js';
import { DEFAULT_STRATEGY_CONFIG } from './templates.js';

const strategy: StrategyConfig = {
  ...DEFAULT_STRATEGY_CONFIG,
  decreaseLevels: DEFAULT_STRATEGY_CONFIG.decreaseLevels.map((level, i) =>
    i === 1 ? { ...level, gainRequirement: 3, percentage: 10 } : level,
  ) as StrategyConfig['decreaseLevels'],
};

describe('order reasons', () => {
  it('records a decrease level 1-based with the gain reached, its requirement and share', () => {
    const reason = decreaseReason({
      level: 1,
      entryPrice: '100000',
      price: '103100',
      amountBase: '0.00015',
      wholePosition: false,
      strategy,
    });
    expect(reason).toEqual({
      rule: 'decrease-level',
      level: 2,
      gain: 3.1,
      requirement: 3,
      share: 10,
      wholePosition: false,
      price: '103100',
      amountBase: '0.00015',
      amountQuote: '15.47',
    });
    expect(describeOrderReason(reason)).toBe('Decrease level 2: gain 3.1 % ≥ 3 %, sold 10 % of the position');
    expect(readOrderReason(JSON.parse(JSON.stringify(reason)))).toEqual(reason);
  });

  it('says when the whole position was sold', () => {
    const reason = decreaseReason({
      level: 0,
      entryPrice: '100',
      price: '101.5',
      amountBase: '2',
      wholePosition: true,
      strategy,
    });
    expect(describeOrderReason(reason)).toMatch(
      /^Decrease level 1: gain 1\.5 % ≥ .* %, sold the whole position/,
    );
  });

  it('words a reversal event that opened or added, with the add gate', () => {
    const input = {
      action: 'open' as const,
      points: 80.456,
      pointsRequirement: 78,
      entryPrice: null,
      price: '64000',
      amountBase: '0.00156',
      quoteEstimate: '99.84',
      strategy,
    };
    const open = increaseReason(input);
    expect(open).toMatchObject({ points: 80.46, requirement: 78, gain: null, amountQuote: '99.84' });
    expect(describeOrderReason(open)).toBe('Reversal event: 80.46 points ≥ 78, opened a position');
    const add = increaseReason({ ...input, action: 'add', entryPrice: '66000' });
    expect(add).toMatchObject({ gain: -3.03, gainRequirement: -3 });
    expect(describeOrderReason(add)).toBe(
      'Reversal event: 80.46 points ≥ 78, added to the position (gain −3.03 % ≤ −3 %)',
    );
  });

  it('names the operator of a manual order', () => {
    const buy = manualReason({
      side: 'BUY',
      by: 'alice',
      share: 50,
      wholePosition: true,
      price: '1',
      amountBase: '1',
    });
    expect(buy).toMatchObject({ share: null, wholePosition: false });
    expect(describeOrderReason(buy)).toBe('Manual buy by alice');
    const sell = manualReason({
      side: 'SELL',
      by: null,
      share: 25,
      wholePosition: false,
      price: '1',
      amountBase: '1',
    });
    expect(describeOrderReason(sell)).toBe('Manual sell by the operator: sold 25 % of the position');
  });

  it('says when a row has no reason, and refuses what is not one', () => {
    expect(describeOrderReason(null)).toBe(REASON_NOT_RECORDED);
    expect(codeOf(() => readOrderReason({ rule: 'decrease-level', level: 9 }))).toBe(3800);
    expect(codeOf(() => readOrderReason({ rule: 'lucky-guess' }))).toBe(3800);
  });
});
