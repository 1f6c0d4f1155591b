import {
  type CoinsFamilyState,
  DEFAULT_REVERSAL_CONFIG,
  EMPTY_REVERSAL_STATE,
  type MarketStateValue,
  parseReversalConfig,
  type ReversalConfig,
  type ReversalState,
  SPLIT_IDS,
  type SplitId,
  type SplitState,
  updateReversal,
} from '@balancer/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUOTE_PROXY_SYMBOL } from './proxies.js';
import {
  REVERSAL_ENDED,
  REVERSAL_EVENT,
  REVERSAL_NOTHING,
  REVERSAL_SCORE,
  ReversalReplay,
} from './reversal-replay.js';

const NEUTRAL: CoinsFamilyState = { state: 0, statesBySymbol: {} };
const state = fc.constantFrom<MarketStateValue>(-2, -1, 0, 1, 2);

/** What core answers tick by tick for the inputs the backtest builds (BTC alone, base neutral). */
function coreTicks(
  config: ReversalConfig,
  ticks: Array<{ window: MarketStateValue; splits: number[]; bid: number; now: number }>,
) {
  let reversal: ReversalState = EMPTY_REVERSAL_STATE;
  return ticks.map(({ window, splits, bid, now }) => {
    const splitStates = {} as Record<SplitId, SplitState>;
    SPLIT_IDS.forEach((id, k) => {
      splitStates[id] = { state: splits[k] as MarketStateValue, change: 0 };
    });
    const quote = { state: window, statesBySymbol: { [QUOTE_PROXY_SYMBOL]: { state: window, splitStates } } };
    const result = updateReversal(
      reversal,
      { windowState: window, bidDominance: bid, coins: { quote, base: NEUTRAL } },
      now,
      config,
    );
    reversal = result.state;
    if (result.ended) return { ended: [result.ended.start, result.ended.end] };
    if (result.event) return { event: [result.event.crashId, result.event.time, result.event.points] };
    return { active: reversal.active !== null };
  });
}

function replayTicks(
  config: ReversalConfig,
  ticks: Array<{ window: MarketStateValue; splits: number[]; bid: number; now: number }>,
) {
  const replay = new ReversalReplay(config, NEUTRAL);
  return ticks.map(({ window, splits, bid, now }) => {
    let tick = replay.step(window, bid, now);
    if (tick === REVERSAL_SCORE) {
      const [s15, s10, s5, s2] = ReversalReplay.SPLITS.map((k) => splits[k]!);
      tick = replay.score(s15!, s10!, s5!, s2!, bid);
    }
    if (tick === REVERSAL_ENDED) return { ended: [replay.start, replay.endedAt] };
    if (tick === REVERSAL_EVENT) return { event: [replay.crashId, now, replay.points] };
    expect(tick).toBe(REVERSAL_NOTHING);
    return { active: replay.active };
  });
}

/** Ticks 15 min apart (sometimes 5 or 60, so `now === end` and late ends happen), −2 often. */
const ticks = fc
  .array(
    fc.record({
      window: fc.oneof(fc.constant<MarketStateValue>(-2), state),
      splits: fc.array(state, { minLength: 8, maxLength: 8 }),
      bid: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.double({ min: 0, max: 100, noNaN: true })),
      step: fc.constantFrom(5, 15, 15, 15, 60),
    }),
    { minLength: 1, maxLength: 120 },
  )
  .map((list) => {
    let now = 1_700_000_000_000;
    return list.map(({ step, ...tick }) => {
      now += step * 60_000;
      return { ...tick, now };
    });
  });

const config = fc
  .record({
    crashDuration: fc.constantFrom(5, 30, 60, 360),
    pointsRequirement: fc.integer({ min: 50, max: 100 }),
    liquidity: fc.integer({ min: 1, max: 98 }),
    split: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
  })
  .map(({ crashDuration, pointsRequirement, liquidity, split }) => {
    const coinsQuote = Math.max(1, Math.min(99 - liquidity, Math.round((100 - liquidity) * split * 4) / 4));
    return parseReversalConfig({
      crashDuration,
      pointsRequirement,
      weights: { liquidity, coinsQuote, coinsBase: 100 - liquidity - coinsQuote },
    });
  });

describe('ReversalReplay', () => {
  it('starts, scores, fires and ends crashes on the same ticks as core updateReversal', () => {
    fc.assert(
      fc.property(config, ticks, (settings, list) => {
        expect(replayTicks(settings, list)).toEqual(coreTicks(settings, list));
      }),
      { numRuns: 500 },
    );
  });

  it('quietTick is true only for ticks of an active crash that step and mayReach make nothing of', () => {
    let quiet = 0;
    fc.assert(
      fc.property(config, ticks, (settings, list) => {
        const replay = new ReversalReplay(settings, NEUTRAL);
        for (const { window, splits, bid, now } of list) {
          const calm = window !== 2 && window !== -2;
          const claimed = replay.active && calm && replay.quietTick(bid, now);
          let tick = replay.step(window, bid, now);
          if (tick === REVERSAL_SCORE && !replay.mayReach(bid)) tick = REVERSAL_NOTHING;
          if (claimed) {
            quiet++;
            expect(tick).toBe(REVERSAL_NOTHING);
          }
          if (tick === REVERSAL_SCORE) {
            const [s15, s10, s5, s2] = ReversalReplay.SPLITS.map((k) => splits[k]!);
            replay.score(s15!, s10!, s5!, s2!, bid);
          }
        }
      }),
      { numRuns: 500 },
    );
    expect(quiet).toBeGreaterThan(100);
    const replay = new ReversalReplay(DEFAULT_REVERSAL_CONFIG, NEUTRAL);
    replay.step(-2, 50, 0);
    expect(replay.quietTick(Number.NaN, 60_000)).toBe(false); // step refuses it: not quiet
  });

  it('fires with the default weights once the points reach 78', () => {
    // Every split 2 (32.5) + neutral base (16.25) + liquidity 35 × (100 − 2) / 98 = 35 → 83.75.
    const replay = new ReversalReplay(DEFAULT_REVERSAL_CONFIG, NEUTRAL);
    expect(replay.step(-2, 100, 0)).toBe(REVERSAL_NOTHING); // opens the crash, no score
    expect(replay.step(-1, 100, 900_000)).toBe(REVERSAL_SCORE);
    expect(replay.score(2, 2, 2, 2, 100)).toBe(REVERSAL_EVENT);
    expect(replay.points).toBe(83.75);
    expect(replay.crashId).toBe('crash-0');
    expect(replay.step(-1, 100, 1_800_000)).toBe(REVERSAL_NOTHING); // once per crash
    expect(replay.step(2, 100, 2_700_000)).toBe(REVERSAL_ENDED);
    expect(replay.endedAt).toBe(2_700_000);
  });

  it('fires when the points equal the requirement exactly (≥, as core)', () => {
    const exact = parseReversalConfig({ ...DEFAULT_REVERSAL_CONFIG, pointsRequirement: 83.75 });
    const list = [
      { window: -2 as const, splits: [2, 2, 2, 2, 2, 2, 2, 2], bid: 100, now: 0 },
      { window: 0 as const, splits: [2, 2, 2, 2, 2, 2, 2, 2], bid: 100, now: 900_000 },
    ];
    expect(replayTicks(exact, list)).toEqual([{ active: true }, { event: ['crash-0', 900_000, 83.75] }]);
    expect(coreTicks(exact, list)).toEqual(replayTicks(exact, list));
  });

  it('refuses a bid dominance outside 0–100 as core does', () => {
    const replay = new ReversalReplay(DEFAULT_REVERSAL_CONFIG, NEUTRAL);
    expect(() => replay.step(0, 100.5, 0)).toThrow(/bid dominance 100.5/);
    expect(() => replay.step(0, Number.NaN, 0)).toThrow(/bid dominance NaN/);
  });

  it('mayReach is false exactly when no split states let score reach the requirement', () => {
    // Weights of 1–98 in hundredths summing to 100, requirements of 50–100 in hundredths.
    const configs = fc
      .record({
        liquidity: fc.integer({ min: 100, max: 9_800 }),
        share: fc.double({ min: 0, max: 1, noNaN: true }),
        pointsRequirement: fc.integer({ min: 5_000, max: 10_000 }).map((n) => n / 100),
      })
      .map(({ liquidity, share, pointsRequirement }) => {
        const coinsQuote = 100 + Math.floor(share * (9_800 - liquidity));
        const coinsBase = 10_000 - liquidity - coinsQuote;
        return {
          crashDuration: 360,
          pointsRequirement,
          weights: { liquidity: liquidity / 100, coinsQuote: coinsQuote / 100, coinsBase: coinsBase / 100 },
        };
      });
    const bids = fc.oneof(fc.double({ min: 0, max: 100, noNaN: true }), fc.integer({ min: 0, max: 100 }));
    fc.assert(
      fc.property(configs, bids, (input, bid) => {
        // score's answer depends on its inputs only (what it records does not change it).
        const replay = new ReversalReplay(parseReversalConfig(input), NEUTRAL);
        let reached = false;
        for (let code = 0; code < 625 && !reached; code++) {
          const [a, b, c, d] = [0, 1, 2, 3].map((k) => (Math.floor(code / 5 ** k) % 5) - 2) as number[];
          reached = replay.score(a!, b!, c!, d!, bid) === REVERSAL_EVENT;
        }
        expect(replay.mayReach(bid)).toBe(reached);
      }),
      { numRuns: 200 },
    );
  });

  it('mayReach switches at the same bid dominance as the best split states do (default settings)', () => {
    // Every split at 2 gives the largest quote points; step the bid by 0.001 across 0–100.
    const replay = new ReversalReplay(DEFAULT_REVERSAL_CONFIG, NEUTRAL);
    let switches = 0;
    let previous = false;
    for (let k = 0; k <= 100_000; k++) {
      const bid = k / 1000;
      const reaches = replay.score(2, 2, 2, 2, bid) === REVERSAL_EVENT;
      expect(replay.mayReach(bid)).toBe(reaches);
      if (reaches !== previous) switches++;
      previous = reaches;
    }
    expect(switches).toBe(1);
  });
});
