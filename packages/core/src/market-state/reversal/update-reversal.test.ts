import { describe, expect, it } from 'vitest';
import type { CoinsFamilyState } from '../coins/coins-states.js';
import type { MarketStateValue, SplitId, SplitState, WindowState } from '../types.js';
import { SPLIT_IDS } from '../types.js';
import { DEFAULT_REVERSAL_CONFIG, parseReversalConfig } from './config.js';
import {
  EMPTY_REVERSAL_STATE,
  type ReversalInput,
  type ReversalState,
  updateReversal,
} from './update-reversal.js';

const MINUTE = 60_000;
const T0 = 1_700_000_000_000;

function family(state: MarketStateValue): CoinsFamilyState {
  const splitStates = {} as Record<SplitId, SplitState>;
  for (const id of SPLIT_IDS) splitStates[id] = { state, change: 0 };
  const window: WindowState = { state, splitStates };
  return { state, statesBySymbol: { ETH: window, SOL: window } };
}

/** Inputs whose points are known: coins at `coins` in both families, the given bid dominance. */
function input(
  windowState: MarketStateValue,
  bidDominance: number,
  coins: MarketStateValue = 0,
): ReversalInput {
  return { windowState, bidDominance, coins: { quote: family(coins), base: family(coins) } };
}

describe('updateReversal', () => {
  it('does nothing until the window state is −2', () => {
    const result = updateReversal(EMPTY_REVERSAL_STATE, input(-1, 100, 2), T0, DEFAULT_REVERSAL_CONFIG);
    expect(result).toEqual({ state: { active: null }, points: null, event: null, ended: null });
  });

  it('opens a crash on the −2 tick and scores it from the next tick', () => {
    // The repro: every input maxed, t = 1,000,000: no event on the opening tick.
    const opening = updateReversal(
      EMPTY_REVERSAL_STATE,
      input(-2, 100, 2),
      1_000_000,
      DEFAULT_REVERSAL_CONFIG,
    );
    expect(opening.event).toBeNull();
    expect(opening.points).toBeNull();
    expect(opening.state.active).toEqual({
      id: 'crash-1000000',
      start: 1_000_000,
      end: 1_000_000 + 360 * MINUTE, // default 360 min
      highestPoints: 0,
      finalPoints: 0,
      reversalEventTime: null,
    });
    const next = updateReversal(opening.state, input(-2, 100, 2), 1_060_000, DEFAULT_REVERSAL_CONFIG);
    expect(next.event).toEqual({ crashId: 'crash-1000000', time: 1_060_000, points: 100 });
  });

  it('scores each tick after the opening one', () => {
    const start = updateReversal(EMPTY_REVERSAL_STATE, input(-2, 50), T0, DEFAULT_REVERSAL_CONFIG).state;
    const result = updateReversal(start, input(-2, 50), T0 + MINUTE, DEFAULT_REVERSAL_CONFIG);
    // 17.14 (bid dominance 50) + 16.25 + 16.25 (all coin splits 0) = 49.64
    expect(result.points).toEqual({ liquidity: 17.14, coinsQuote: 16.25, coinsBase: 16.25, total: 49.64 });
    expect(result.state.active).toMatchObject({ highestPoints: 49.64, finalPoints: 49.64 });
    expect(result.event).toBeNull();
  });

  it('fires the event once, the first time the total reaches the requirement', () => {
    let state: ReversalState = updateReversal(
      EMPTY_REVERSAL_STATE,
      input(-2, 50),
      T0,
      DEFAULT_REVERSAL_CONFIG,
    ).state;
    // 35 (bid dominance 100) + 24.38 + 24.38 (splits at 1: 75 % × 32.5) = 83.76 ≥ 78
    const fired = updateReversal(state, input(-1, 100, 1), T0 + MINUTE, DEFAULT_REVERSAL_CONFIG);
    expect(fired.event).toEqual({ crashId: `crash-${T0}`, time: T0 + MINUTE, points: 83.76 });
    state = fired.state;
    const again = updateReversal(state, input(-1, 100, 2), T0 + 2 * MINUTE, DEFAULT_REVERSAL_CONFIG);
    expect(again.event).toBeNull(); // 100 points, but the event already fired for this crash
    expect(again.state.active).toMatchObject({
      highestPoints: 100,
      finalPoints: 100,
      reversalEventTime: T0 + MINUTE,
    });
    const lower = updateReversal(again.state, input(-1, 50), T0 + 3 * MINUTE, DEFAULT_REVERSAL_CONFIG);
    expect(lower.state.active).toMatchObject({ highestPoints: 100, finalPoints: 49.64 });
  });

  it('ends early when the window state reaches 2', () => {
    const start = updateReversal(EMPTY_REVERSAL_STATE, input(-2, 50), T0, DEFAULT_REVERSAL_CONFIG).state;
    const result = updateReversal(start, input(2, 100, 2), T0 + 10 * MINUTE, DEFAULT_REVERSAL_CONFIG);
    expect(result.state.active).toBeNull();
    expect(result.points).toBeNull();
    expect(result.ended).toEqual({ ...start.active, end: T0 + 10 * MINUTE });
  });

  it('waits on the tick at its end, ends after it, and starts no crash on the ending tick', () => {
    const config = parseReversalConfig({ ...DEFAULT_REVERSAL_CONFIG, crashDuration: 5 });
    const start = updateReversal(EMPTY_REVERSAL_STATE, input(-2, 50), T0, config).state;
    const during = updateReversal(start, input(0, 50), T0 + 5 * MINUTE - 1, config);
    expect(during.state.active).toMatchObject({ id: `crash-${T0}`, finalPoints: 49.64 });
    // now == end: neither scores nor ends.
    const atEnd = updateReversal(during.state, input(-2, 100, 2), T0 + 5 * MINUTE, config);
    expect(atEnd).toEqual({ state: during.state, points: null, event: null, ended: null });
    // now > end: ends at its scheduled end; a −2 on this tick starts nothing.
    const after = updateReversal(atEnd.state, input(-2, 50), T0 + 5 * MINUTE + 1, config);
    expect(after.ended).toMatchObject({ id: `crash-${T0}`, end: T0 + 5 * MINUTE });
    expect(after.state.active).toBeNull();
    expect(after.points).toBeNull();
    // The next −2 tick opens the next crash.
    const next = updateReversal(after.state, input(-2, 50), T0 + 6 * MINUTE, config);
    expect(next.state.active?.id).toBe(`crash-${T0 + 6 * MINUTE}`);
  });

  it('never changes the state passed in and round-trips through JSON', () => {
    const start = updateReversal(EMPTY_REVERSAL_STATE, input(-2, 50), T0, DEFAULT_REVERSAL_CONFIG).state;
    const copy = JSON.parse(JSON.stringify(start)) as ReversalState;
    const next = updateReversal(start, input(-1, 100, 2), T0 + MINUTE, DEFAULT_REVERSAL_CONFIG);
    expect(start).toEqual(copy);
    expect(JSON.parse(JSON.stringify(next))).toEqual(next);
  });

  it('rejects bad input (2514), state (2515), time (2510) and config (2503)', () => {
    const config = DEFAULT_REVERSAL_CONFIG;
    expect(() => updateReversal(EMPTY_REVERSAL_STATE, input(3 as never, 50), T0, config)).toThrow(
      expect.objectContaining({ code: 2514 }),
    );
    expect(() => updateReversal(EMPTY_REVERSAL_STATE, input(-2, 101), T0, config)).toThrow(
      expect.objectContaining({ code: 2514 }),
    );
    expect(() => updateReversal(EMPTY_REVERSAL_STATE, input(-2, Number.NaN), T0, config)).toThrow(
      expect.objectContaining({ code: 2514 }),
    );
    expect(() => updateReversal({ active: { id: 1 } } as never, input(-2, 50), T0, config)).toThrow(
      expect.objectContaining({ code: 2515 }),
    );
    expect(() => updateReversal(EMPTY_REVERSAL_STATE, input(-2, 50), Number.NaN, config)).toThrow(
      expect.objectContaining({ code: 2510 }),
    );
    expect(() =>
      updateReversal(EMPTY_REVERSAL_STATE, input(-2, 50), T0, { ...config, pointsRequirement: 49 }),
    ).toThrow(expect.objectContaining({ code: 2503 }));
  });
});
