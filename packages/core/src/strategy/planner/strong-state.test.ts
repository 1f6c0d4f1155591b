import { describe, expect, it } from 'vitest';
import type { SplitId, SplitState } from '../../market-state/index.js';
import { splits } from '../testing.js';
import { priceChangeForStrongState } from './strong-state.js';

describe('priceChangeForStrongState (docs/strategy.md#planner)', () => {
  const mixed = splits([5, 0.5, 0.3, 0.1, -0.2, 0.9, 1.2, 0.4]);

  it('aims for 2 from the second smallest change', () => {
    // ascending: −0.2, 0.1, …; second = 0.1 → 0.85 − 0.1 = 0.75
    expect(priceChangeForStrongState(mixed, 2, 0.85, 0)).toBe(0.75);
  });

  it('aims for −2 from the second largest change', () => {
    // descending: 5, 1.2, …; second = 1.2 → −(1.2 + 0.85) = −2.05
    expect(priceChangeForStrongState(mixed, -2, 0.85, 0)).toBe(-2.05);
  });

  it('gives null when already there', () => {
    // ascending: −5, 0.86, …; 0.85 − 0.86 = −0.01 → already strong
    expect(priceChangeForStrongState(splits([2, 1, 0.9, 0.86, 3, 4, -5, 1]), 2, 0.85, 0)).toBeNull();
    // second smallest exactly 0.85 → 0 → null
    expect(priceChangeForStrongState(splits([2, 1, 0.9, 0.85, 3, 4, -5, 1]), 2, 0.85, 0)).toBeNull();
    // descending: 3, −0.9, …; −(−0.9 + 0.85) = 0.05 ≥ 0 → already strongly down
    expect(priceChangeForStrongState(splits([-2, -1, -0.9, -0.95, 3, -4, -5, -1]), -2, 0.85, 0)).toBeNull();
  });

  it('gives null when the window is already in the target state, whatever the splits', () => {
    // The same splits that need 0.75 for state 2 and −2.05 for state −2 from state 0.
    expect(priceChangeForStrongState(mixed, 2, 0.85, 2)).toBeNull();
    expect(priceChangeForStrongState(mixed, -2, 0.85, -2)).toBeNull();
    expect(priceChangeForStrongState(mixed, 2, 0.85, 1)).toBe(0.75);
  });

  it('rounds to 2 dp', () => {
    // second smallest 0.123 → 0.85 − 0.123 = 0.727 → 0.73
    expect(priceChangeForStrongState(splits([1, 1, 1, 1, 1, 1, 0.123, -3]), 2, 0.85, 0)).toBe(0.73);
  });

  it('rejects missing or non-finite changes, bad requirements and targets', () => {
    const code = (errorName: string) => expect.objectContaining({ errorName });
    const missing = { ...mixed } as Partial<Record<SplitId, SplitState>>;
    delete missing.s2;
    expect(() => priceChangeForStrongState(missing as never, 2, 0.85, 0)).toThrow(
      code('INVALID_SPLIT_STATES'),
    );
    expect(() => priceChangeForStrongState(splits([Number.NaN, 0, 0, 0, 0, 0, 0, 0]), 2, 0.85, 0)).toThrow(
      code('INVALID_SPLIT_STATES'),
    );
    expect(() => priceChangeForStrongState(mixed, 2, 0, 0)).toThrow(code('INVALID_STRATEGY_INPUT'));
    expect(() => priceChangeForStrongState(mixed, 1 as never, 0.85, 0)).toThrow(
      code('INVALID_STRATEGY_INPUT'),
    );
  });
});
