import {
  CodedError,
  type CoinsFamilyState,
  coinsPoints,
  liquidityPoints,
  type MarketStateValue,
  parseReversalConfig,
  REVERSAL_SPLITS,
  type ReversalConfig,
  round2HalfUp,
  SPLIT_IDS,
  type SplitId,
  type SplitState,
} from '@balancer/core';
import { QUOTE_PROXY_SYMBOL } from './proxies.js';

/** What one tick of the replay did (at most one thing per tick, as in core). */
export const REVERSAL_NOTHING = 0;
export const REVERSAL_ENDED = 1;
export const REVERSAL_EVENT = 2;
/** From `step` only: the tick scores points; call `score` with the split states. */
export const REVERSAL_SCORE = 3;
export type ReversalTick =
  | typeof REVERSAL_NOTHING
  | typeof REVERSAL_ENDED
  | typeof REVERSAL_EVENT
  | typeof REVERSAL_SCORE;

/** A window state holding only split states, for core's coins points. */
function windowOf(states: readonly MarketStateValue[]): {
  state: MarketStateValue;
  splitStates: Record<SplitId, SplitState>;
} {
  const splitStates = {} as Record<SplitId, SplitState>;
  for (const id of SPLIT_IDS) splitStates[id] = { state: 0, change: 0 };
  REVERSAL_SPLITS.forEach((id, k) => {
    splitStates[id] = { state: states[k]!, change: 0 };
  });
  return { state: 0, splitStates };
}

/**
 * Core's `updateReversal` as the backtest feeds it (docs/backtesting.md, proxies.ts), kept in
 * place: the quote coins family is BTC alone (its s15, s10, s5, s2 split states), the base family
 * is neutral. Core scores a family by the sum of its split scores (multiples of 0.25, summed
 * exactly in doubles), so the quote family's points are one of 17 values, each computed once by
 * core's `coinsPoints`; the liquidity points and the total are core's `liquidityPoints` and
 * `round2HalfUp` in core's order. The timing rules are updateReversal's, line for line (a
 * crash starts on −2, ends after `crashDuration` minutes or on 2, scores from its second tick,
 * fires once at `pointsRequirement`); reversal-replay.test.ts checks ticks and results against
 * core on long random sequences. No object is built per tick. A tick is `step`, then `score` when
 * step answers REVERSAL_SCORE, so split states are computed only for the ticks that score (a
 * crash's points after its event change nothing the backtest reads, so those ticks do not score).
 */
export class ReversalReplay {
  private readonly config: ReversalConfig;
  /** Quote-family points by the sum of the 4 split states + 8 (0–16). */
  private readonly quotePoints = new Float64Array(17);
  private readonly basePoints: number;
  /** The largest quote-family points (at any split states). */
  private readonly bestQuotePoints: number;
  /** The least bid dominance at which a scoring tick can reach the requirement (Infinity: none). */
  private readonly reachFrom: number;
  /** Indices of s15, s10, s5, s2 in SPLIT_IDS order (the splits `score` takes). */
  static readonly SPLITS: readonly number[] = REVERSAL_SPLITS.map((id) => SPLIT_IDS.indexOf(id));
  /** Whether a crash is in progress, and its start and scheduled end (ms). */
  active = false;
  start = 0;
  end = 0;
  private fired = false;
  /** After REVERSAL_ENDED: the crash's actual end (ms). After REVERSAL_EVENT: the event's points. */
  endedAt = 0;
  points = 0;

  constructor(config: ReversalConfig, neutralBase: CoinsFamilyState) {
    this.config = parseReversalConfig(config);
    const { coinsQuote, coinsBase } = this.config.weights;
    for (let sum = 0; sum <= 16; sum++) {
      // Split states with this sum + 8 (each −2..2): fill the splits one after another.
      const states = [0, 1, 2, 3].map((k) => (Math.min(4, Math.max(0, sum - 4 * k)) - 2) as MarketStateValue);
      const family = { state: 0, statesBySymbol: { [QUOTE_PROXY_SYMBOL]: windowOf(states) } };
      this.quotePoints[sum] = coinsPoints(family as CoinsFamilyState, coinsQuote);
    }
    this.basePoints = coinsPoints(neutralBase, coinsBase);
    this.bestQuotePoints = Math.max(...this.quotePoints);
    this.reachFrom = leastTrue(0, 100, (bid) => this.reaches(bid));
  }

  /** The crash id core gives the active (or just ended) crash. */
  get crashId(): string {
    return `crash-${this.start}`;
  }

  /**
   * The timing of one tick at `now` (ms) with the window state (only −2 and 2 matter here; any
   * other value may stand for −1, 0 and 1) and the bid dominance (0–100, else
   * INVALID_REVERSAL_INPUT as in core): NOTHING, ENDED, or SCORE when the tick scores points.
   */
  step(windowState: number, bidDominance: number, now: number): ReversalTick {
    if (!(bidDominance >= 0 && bidDominance <= 100)) {
      throw new CodedError(
        'INVALID_REVERSAL_INPUT',
        `window state ${windowState}, bid dominance ${bidDominance}`,
      );
    }
    if (!this.active) {
      if (windowState === -2) {
        this.active = true;
        this.start = now;
        this.end = now + this.config.crashDuration * 60_000;
        this.fired = false;
      }
      return REVERSAL_NOTHING;
    }
    if (windowState === 2 || now > this.end) {
      this.active = false;
      this.endedAt = Math.min(now, this.end);
      return REVERSAL_ENDED;
    }
    return now === this.end || this.fired ? REVERSAL_NOTHING : REVERSAL_SCORE;
  }

  /**
   * Whether a tick `step` answered SCORE for can reach the requirement with this bid dominance at
   * any split states: false means `score` would answer NOTHING (and change nothing) whatever the
   * splits, so the caller may skip computing them. Exact, not estimated: it is `score`'s total
   * with the largest quote points, and that total cannot fall as the quote points rise (each
   * double addition and the rounding are monotone).
   */
  mayReach(bidDominance: number): boolean {
    // reaches() rises with the bid (liquidityPoints and round2HalfUp are monotone), so it is true
    // exactly from its least true bid on, found once by bisecting the doubles of 0–100.
    return bidDominance >= this.reachFrom;
  }

  /**
   * Whether the tick of an active crash at `now`, with a window state of −1, 0 or 1 and this bid
   * dominance, does nothing a caller acts on: `step` would answer NOTHING, or SCORE that
   * `mayReach` rules out. False for a bid dominance `step` refuses, so the caller's own `step`
   * reports it.
   */
  quietTick(bidDominance: number, now: number): boolean {
    return (
      bidDominance >= 0 &&
      bidDominance <= 100 &&
      now <= this.end &&
      (now === this.end || this.fired || bidDominance < this.reachFrom)
    );
  }

  /** score's total with the largest quote points at this bid reaches the requirement. */
  private reaches(bidDominance: number): boolean {
    const liquidity = liquidityPoints(bidDominance, this.config.weights.liquidity);
    return round2HalfUp(liquidity + this.bestQuotePoints + this.basePoints) >= this.config.pointsRequirement;
  }

  /**
   * The points of a tick `step` answered SCORE for, from the split states s15, s10, s5, s2
   * (ReversalReplay.SPLITS) and the bid dominance: EVENT when they reach the requirement.
   */
  score(s15: number, s10: number, s5: number, s2: number, bidDominance: number): ReversalTick {
    const liquidity = liquidityPoints(bidDominance, this.config.weights.liquidity);
    const quote = this.quotePoints[8 + s15 + s10 + s5 + s2]!;
    const total = round2HalfUp(liquidity + quote + this.basePoints);
    if (total < this.config.pointsRequirement) return REVERSAL_NOTHING;
    this.fired = true;
    this.points = total;
    return REVERSAL_EVENT;
  }
}

/**
 * The least double x in [from, to] (both ≥ 0) with `test(x)` true, for a `test` that is false and
 * then true as x rises; Infinity when `test(to)` is false. Non-negative doubles order as their
 * bit patterns do, so bisecting the patterns visits every double between the bounds.
 */
function leastTrue(from: number, to: number, test: (x: number) => boolean): number {
  if (!test(to)) return Number.POSITIVE_INFINITY;
  if (test(from)) return from;
  const float = new Float64Array(1);
  const bits = new BigUint64Array(float.buffer);
  const patternOf = (x: number) => {
    float[0] = x;
    return bits[0]!;
  };
  const doubleOf = (pattern: bigint) => {
    bits[0] = pattern;
    return float[0]!;
  };
  // Invariant: test(doubleOf(low)) is false, test(doubleOf(high)) is true.
  let low = patternOf(from);
  let high = patternOf(to);
  while (high - low > 1n) {
    const middle = (low + high) / 2n;
    if (test(doubleOf(middle))) high = middle;
    else low = middle;
  }
  return doubleOf(high);
}
