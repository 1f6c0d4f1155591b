import { describe, expect, it } from 'vitest';
import type { CoinsFamilyState } from '../coins/coins-states.js';
import { DEFAULT_REVERSAL_CONFIG } from './config.js';
import { type CrashState, type ReversalInput, updateReversal } from './update-reversal.js';

const T0 = 1_700_000_000_000;
const EMPTY_FAMILY: CoinsFamilyState = { state: 0, statesBySymbol: {} };
/** Bid dominance 50 and empty families: 17.14 + 16.25 + 16.25 = 49.64 points (no event). */
const INPUT: ReversalInput = {
  windowState: -1,
  bidDominance: 50,
  coins: { quote: EMPTY_FAMILY, base: EMPTY_FAMILY },
};

const crash = (): CrashState => ({
  id: `crash-${T0}`,
  start: T0,
  end: T0 + 360 * 60_000,
  highestPoints: 60,
  finalPoints: 60,
  reversalEventTime: null,
});

/** What the tick's crash must be: the input crash spread, with the points of this tick. */
const spread = (active: object) => ({
  ...active,
  highestPoints: 60,
  finalPoints: 49.64,
  reversalEventTime: null,
});

function tick(active: CrashState) {
  return updateReversal({ active }, INPUT, T0 + 60_000, DEFAULT_REVERSAL_CONFIG).state.active!;
}

describe('updateReversal copies the crash like a spread', () => {
  it('for its own crash shape: a new object, same keys in the same order', () => {
    const active = crash();
    const next = tick(active);
    expect(next).not.toBe(active);
    expect(JSON.stringify(next)).toBe(JSON.stringify(spread(active)));
  });

  it('keeps extra keys, a foreign key order and symbol keys as a spread would', () => {
    const symbol = Symbol('tag');
    const extra = { ...crash(), note: 'kept' };
    const { reversalEventTime, ...rest } = crash();
    const reordered = { reversalEventTime, ...rest };
    const tagged = { ...crash(), [symbol]: 1 };
    const bare = Object.assign(Object.create(null), crash()) as CrashState;
    for (const active of [extra, reordered, tagged, bare]) {
      const next = tick(active);
      expect(JSON.stringify(next)).toBe(JSON.stringify(spread(active)));
      expect(Object.getOwnPropertySymbols(next)).toEqual(Object.getOwnPropertySymbols(spread(active)));
    }
    expect(tick(extra)).toHaveProperty('note', 'kept');
    expect(Object.keys(tick(reordered))[0]).toBe('reversalEventTime');
    expect((tick(tagged) as unknown as Record<symbol, number>)[symbol]).toBe(1);
  });
});
