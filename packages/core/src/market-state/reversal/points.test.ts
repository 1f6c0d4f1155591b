import { describe, expect, it } from 'vitest';
import type { CoinsFamilyState } from '../coins/coins-states.js';
import type { MarketStateValue, SplitId, SplitState, WindowState } from '../types.js';
import { SPLIT_IDS } from '../types.js';
import {
  coinsPoints,
  coinsReceivedPercentage,
  liquidityPoints,
  oneCoinPoints,
  reversalDisplayValue,
  reversalPoints,
} from './points.js';

/** A family of `count` coins whose every split has state `state` (or per split from `bySplit`). */
function family(
  count: number,
  state: MarketStateValue,
  bySplit: Partial<Record<SplitId, MarketStateValue>> = {},
): CoinsFamilyState {
  const window = (): WindowState => {
    const splitStates = {} as Record<SplitId, SplitState>;
    for (const id of SPLIT_IDS) splitStates[id] = { state: bySplit[id] ?? state, change: 0 };
    return { state, splitStates };
  };
  const statesBySymbol: Record<string, WindowState> = {};
  for (let i = 0; i < count; i += 1) statesBySymbol[`C${i}`] = window();
  return { state, statesBySymbol };
}

describe('reversal points: the worked values of docs/strategy.md#reversal', () => {
  it.each([
    [50, 17.14], // (50 − 2)/98 = 0.4898 × 35 = 17.142… → 17.14
    [100, 35], // 98/98 = 1 × 35
    [2.98, 0.35], // 0.98/98 = 0.01 × 35
    [0, 0.35], // −2/98 clamps to 0.01
    [2, 0.35],
  ])('bid dominance %s → %s liquidity points (weight 35)', (bidDominance, expected) => {
    expect(liquidityPoints(bidDominance, 35)).toBe(expected);
  });

  it.each([
    [2, 100, 32.5], // every score 1: 24 × 4 × 1 × 100 / (24 × 4) = 100 % × 32.5
    [1, 75, 24.38], // 0.75 each: 75 % × 32.5 = 24.375 → 24.38
    [0, 50, 16.25], // 0.5 each: 50 % × 32.5
    [-1, 25, 8.13], // 25 % × 32.5 = 8.125 → 8.13
    [-2, 0, 0],
  ])('every split at %s → %s % → %s points per family (weight 32.5)', (state, percentage, points) => {
    const coins = family(24, state as MarketStateValue);
    expect(coinsReceivedPercentage(coins)).toBe(percentage);
    expect(coinsPoints(coins, 32.5)).toBe(points);
  });

  it('looks only at the splits s15 s10 s5 s2', () => {
    // Long splits at −2 are ignored; s15 s10 at 2, s5 s2 at 0: (1 + 1 + 0.5 + 0.5)/4 = 75 %
    const coins = family(3, -2, { s15: 2, s10: 2, s5: 0, s2: 0 });
    expect(coinsReceivedPercentage(coins)).toBe(75);
  });

  it('scores a family without coins as neutral (50 %)', () => {
    expect(coinsPoints({ state: 0, statesBySymbol: {} }, 32.5)).toBe(16.25); // 50 % × 32.5
  });

  it('adds the three', () => {
    const points = reversalPoints(
      50,
      { quote: family(24, 2), base: family(23, 0) },
      {
        liquidity: 35,
        coinsQuote: 32.5,
        coinsBase: 32.5,
      },
    );
    expect(points).toEqual({ liquidity: 17.14, coinsQuote: 32.5, coinsBase: 16.25, total: 65.89 }); // 17.14 + 32.5 + 16.25
  });

  it('rejects split states outside −2..2 (2514)', () => {
    const coins = family(1, 0);
    coins.statesBySymbol.C0!.splitStates.s2 = { state: 3 as never, change: 0 };
    expect(() => coinsReceivedPercentage(coins)).toThrow(expect.objectContaining({ code: 2514 }));
    expect(() => coinsReceivedPercentage({ state: 0 } as never)).toThrow(
      expect.objectContaining({ code: 2514 }),
    );
  });
});

describe('reversalDisplayValue', () => {
  it('shows points ÷ requirement × 100, capped at 100', () => {
    expect(reversalDisplayValue(39, 78)).toBe(50); // 39/78 × 100
    expect(reversalDisplayValue(65.89, 78)).toBe(84.47); // 84.474… → 84.47
    expect(reversalDisplayValue(90, 78)).toBe(100); // 115.38 capped
    expect(reversalDisplayValue(0.02, 80)).toBe(0.02); // 0.025 rounds half down
    expect(reversalDisplayValue(0.06, 80)).toBe(0.07); // 0.075 → 0.07
    expect(reversalDisplayValue(0.0601, 80)).toBe(0.08); // 0.075125: past half, up
  });

  it('rejects bad numbers (2514)', () => {
    expect(() => reversalDisplayValue(Number.NaN, 78)).toThrow(expect.objectContaining({ code: 2514 }));
    expect(() => reversalDisplayValue(10, 0)).toThrow(expect.objectContaining({ code: 2514 }));
  });
});

describe('oneCoinPoints', () => {
  it('gives coinsPoints of a one-coin family, at each of the 625 split-state combinations', () => {
    const states: MarketStateValue[] = [-2, -1, 0, 1, 2];
    for (const s15 of states)
      for (const s10 of states)
        for (const s5 of states)
          for (const s2 of states) {
            const coin = family(1, 0, { s15, s10, s5, s2 });
            // The plain rule: each split's score (0, 0.25 … 1) averaged, as a %, × weight / 100.
            const received = ((s15 + s10 + s5 + s2 + 8) / 16) * 100;
            expect(oneCoinPoints(s15, s10, s5, s2, 32.5)).toBe(coinsPoints(coin, 32.5));
            // … to 2 dp: at most half a cent away.
            const exact = (received / 100) * 32.5;
            expect(Math.abs(oneCoinPoints(s15, s10, s5, s2, 32.5) - exact)).toBeLessThanOrEqual(
              0.005 + 1e-12,
            );
          }
  });
});
