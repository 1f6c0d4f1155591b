import { describe, expect, it } from 'vitest';
import type { BookLevel, OrderBook } from './book.js';
import { DEFAULT_LIQUIDITY_CONFIG, parseLiquidityConfig } from './config.js';
import { liquidityState } from './liquidity-state.js';

const config = parseLiquidityConfig({
  maxDistanceFromPrice: 10,
  intensityWeights: { 1: 1, 2: 3, 3: 6, 4: 9 },
});

/**
 * Price 100, distance 10 %: bids in [90, 100), asks in (100, 110].
 * bids 99.5 + 99.2 → unit 99: 2; 98: 4; 95: 10; 80 is out.
 * asks 102.5 → unit 102: 1; 101: 1; 105: 3; 120, 100 (the price) and 100.5 (floored to 100) are out.
 * Thresholds (see thresholds.test.ts): meanLow 2.25, meanLowMedium 2.98, meanMediumAdj 3.71,
 * meanHighAdj 4.32. Intensities: bids 2 → 0, 4 → 3, 10 → 4; asks 1 → 0, 1 → 0, 3 → 2.
 * Points: bids 6 + 9 = 15, asks 3; bid dominance 15 × 100 / 18 = 83.333… → 83.33.
 */
const book: OrderBook = {
  bids: [
    [99.5, 1],
    [99.2, 1],
    [98, 4],
    [95, 10],
    [80, 50],
  ],
  asks: [
    [100, 7],
    [100.5, 4],
    [101, 1],
    [102.5, 1],
    [105, 3],
    [120, 99],
  ],
};

describe('liquidityState', () => {
  it('scores the hand-computed book', () => {
    const state = liquidityState(book, 100, config, null, 1_000);
    expect(state).toMatchObject({
      bidDominance: 83.33,
      neutral: false,
      bidPoints: 15,
      askPoints: 3,
      thresholdsTime: 1_000,
    });
    expect(state.thresholds?.meanHighAdj).toBe(4.32);
  });

  it('floors each level first, then tests it against the range rounded to 2 dp', () => {
    // Price 100.3, 1 %: bids in [99.30, 100.3), asks in (100.3, 101.30]. 100.1 → 100 is in;
    // 99.5 → 99 and the ask 100.5 → 100 are out, so only bids score.
    const repro: OrderBook = {
      bids: [
        [100.1, 1],
        [99.5, 2],
      ],
      asks: [[100.5, 2]],
    };
    const onePercent = parseLiquidityConfig({ ...config, maxDistanceFromPrice: 1 });
    expect(liquidityState(repro, 100.3, onePercent, null, 0).bidDominance).toBe(100);
  });

  it('reports 50 and neutral when both sides score 0 (We: the original throws)', () => {
    const state = liquidityState({ bids: [], asks: [[200, 1]] }, 100, config, null, 0);
    expect(state).toEqual({
      bidDominance: 50,
      neutral: true,
      bidPoints: 0,
      askPoints: 0,
      thresholds: null,
      thresholdsTime: null,
    });
  });

  it('keeps thresholds for 30 s, then recomputes them', () => {
    const first = liquidityState(book, 100, config, null, 0);
    // Tiny levels: below the kept meanLow 2.25 they score 0 on both sides → neutral 50.
    const small: OrderBook = { bids: [[99, 1]], asks: [[101, 1]] };
    const within = liquidityState(small, 100, config, first, 29_999);
    expect(within).toMatchObject({ bidDominance: 50, neutral: true, thresholdsTime: 0 });
    // At 30 s the thresholds come from the two 1s: all means 1, both levels intensity 4 → 9 vs 9.
    const after = liquidityState(small, 100, config, within, 30_000);
    expect(after).toMatchObject({
      bidDominance: 50,
      neutral: false,
      bidPoints: 9,
      askPoints: 9,
      thresholdsTime: 30_000,
    });
  });

  it('recomputes when the clock goes back', () => {
    const first = liquidityState(book, 100, config, null, 60_000);
    const small: OrderBook = { bids: [[99, 1]], asks: [[101, 1]] };
    expect(liquidityState(small, 100, config, first, 1_000).thresholdsTime).toBe(1_000);
  });

  it('scores a 2,000-level book with the default 0.15 % distance', () => {
    // 1,000 bids 1 apart under 60,000 and 1,000 asks above; sizes cycle 1..10.
    const bids: BookLevel[] = Array.from({ length: 1000 }, (_, i) => [60_000 - (i + 1), (i % 10) + 1]);
    const asks: BookLevel[] = Array.from({ length: 1000 }, (_, i) => [60_000 + (i + 1), (i % 10) + 1]);
    const state = liquidityState({ bids, asks }, 60_000, DEFAULT_LIQUIDITY_CONFIG, null, 0);
    // 0.15 % of 60,000 = 90: bids 59,910..59,999 and asks 60,001..60,090, 90 levels each with
    // the sizes 1..10 nine times over: the sides mirror each other and tie.
    expect(state.bidDominance).toBe(50);
    expect(state.neutral).toBe(false);
    // mean 5.5; meanLow 3.25, meanVeryHigh 7.75, meanHigh 6.63 (6.625), meanHighAdj 6.07 (6.065),
    // meanMedium 5.79 (5.785), meanMediumAdj 5.65 (5.645), meanLowMedium 4.45.
    // Per 10 sizes: 1–3 → 0, 4 → 1, 5 → 2, 6 → 3, 7–10 → 4: 1 + 3 + 6 + 4 × 9 = 46; × 9 = 414.
    expect(state.bidPoints).toBe(414);
    expect(state.askPoints).toBe(414);
  });

  it('rejects bad input with coded errors', () => {
    expect(() => liquidityState(null as never, 100, config, null, 0)).toThrow(
      expect.objectContaining({ code: 2508 }),
    );
    expect(() => liquidityState(book, 0, config, null, 0)).toThrow(expect.objectContaining({ code: 2509 }));
    expect(() => liquidityState(book, Number.NaN, config, null, 0)).toThrow(
      expect.objectContaining({ code: 2509 }),
    );
    expect(() => liquidityState(book, 100, config, null, Number.NaN)).toThrow(
      expect.objectContaining({ code: 2510 }),
    );
    expect(() => liquidityState(book, 100, { ...config, maxDistanceFromPrice: 0 }, null, 0)).toThrow(
      expect.objectContaining({ code: 2501 }),
    );
    const broken = {
      bidDominance: 50,
      neutral: false,
      bidPoints: 0,
      askPoints: 0,
      thresholds: { mean: 1 },
      thresholdsTime: 0,
    };
    expect(() => liquidityState(book, 100, config, broken as never, 0)).toThrow(
      expect.objectContaining({ code: 2516 }),
    );
  });

  it('round-trips through JSON unchanged', () => {
    const state = liquidityState(book, 100, config, null, 5);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});
