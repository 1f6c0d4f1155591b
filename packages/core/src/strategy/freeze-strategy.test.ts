import { describe, expect, it } from 'vitest';
import { parseStrategyConfig } from './config.js';
import { decideDecrease } from './decrease.js';
import { assertStrategy, freezeStrategy } from './inputs.js';
import { DEFAULT_STRATEGY_CONFIG } from './templates.js';
import { openPosition } from './testing.js';

const position = openPosition({ entryPrice: '100000', amount: '0.01' });

describe('freezeStrategy', () => {
  it('returns a checked, deep-frozen copy equal to the parsed strategy', () => {
    const input = { ...DEFAULT_STRATEGY_CONFIG, increaseAmountQuote: '250' };
    const frozen = freezeStrategy(input);
    expect(frozen).toEqual(parseStrategyConfig(input));
    expect(frozen).not.toBe(input);
    expect(Object.isFrozen(frozen)).toBe(true);
    expect(Object.isFrozen(frozen.decreaseLevels)).toBe(true);
    expect(frozen.decreaseLevels.every((level) => Object.isFrozen(level))).toBe(true);
    expect(() => assertStrategy(frozen)).not.toThrow();
  });

  it('rejects what parseStrategyConfig rejects (INVALID_STRATEGY_CONFIG)', () => {
    for (const bad of [null, { ...DEFAULT_STRATEGY_CONFIG, increaseAmountQuote: '99' }]) {
      expect(() => freezeStrategy(bad)).toThrow(
        expect.objectContaining({ errorName: 'INVALID_STRATEGY_CONFIG' }),
      );
    }
  });

  it('decides exactly as the mutable strategy does', () => {
    const mutable = parseStrategyConfig({ ...DEFAULT_STRATEGY_CONFIG });
    const frozen = freezeStrategy(mutable);
    for (const price of ['100000', '101500', '103500', '110000']) {
      const input = { position, windowState: 2 as const, price, balances: { quote: '0', base: '1' }, now: 0 };
      expect(decideDecrease({ ...input, strategy: frozen })).toEqual(
        decideDecrease({ ...input, strategy: mutable }),
      );
    }
  });

  it('still checks a deep-frozen strategy it has not seen, and a mutable one after a change', () => {
    const bad = Object.freeze({
      ...DEFAULT_STRATEGY_CONFIG,
      increaseIdleDuration: 0,
      decreaseLevels: Object.freeze(
        DEFAULT_STRATEGY_CONFIG.decreaseLevels.map((l) => Object.freeze({ ...l })),
      ),
    });
    expect(() => assertStrategy(bad)).toThrow(
      expect.objectContaining({ errorName: 'INVALID_STRATEGY_CONFIG' }),
    );
    const mutable = parseStrategyConfig({ ...DEFAULT_STRATEGY_CONFIG });
    assertStrategy(mutable);
    mutable.increaseIdleDuration = 0;
    expect(() => assertStrategy(mutable)).toThrow(
      expect.objectContaining({ errorName: 'INVALID_STRATEGY_CONFIG' }),
    );
  });
});
