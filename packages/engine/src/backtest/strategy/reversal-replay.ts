import {
  CodedError,
  type CoinsFamilyState,
  CRASH_ENDS,
  CRASH_HOLDS,
  CRASH_SCORES,
  CRASH_STARTS,
  coinsPoints,
  crashEndedAt,
  crashEndOf,
  crashIdOf,
  crashStep,
  liquidityPoints,
  oneCoinPoints,
  parseReversalConfig,
  REVERSAL_SPLITS,
  type ReversalConfig,
  reversalFires,
  reversalTotal,
  SPLIT_IDS,
} from '@balancer/core';

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

/** The quote family's points by its coin's split states s15, s10, s5, s2 (each −2..2): 5⁴ values. */
const STATE_COMBINATIONS = 625;
const combinationOf = (s15: number, s10: number, s5: number, s2: number): number =>
  (s15 + 2) * 125 + (s10 + 2) * 25 + (s5 + 2) * 5 + (s2 + 2);

/**
 * Core's `updateReversal` as the backtest feeds it (docs/backtesting.md, proxies.ts), kept in
 * place: the quote coins family is BTC alone (its s15, s10, s5, s2 split states), the base family
 * is neutral. Every rule is core's: the timing of a tick (`crashStep`, `crashEndOf`,
 * `crashEndedAt`), the points (`liquidityPoints`, `oneCoinPoints` — each of the 625 split-state
 * combinations computed once — `coinsPoints`, `reversalTotal`) and the event (`reversalFires`);
 * this class only keeps the crash in fields instead of objects and computes split states for the
 * ticks that score (a crash's points after its event change nothing the backtest reads, so those
 * ticks do not score). reversal-replay.test.ts checks ticks and results against `updateReversal`
 * on long random sequences. A tick is `step`, then `score` when step answers REVERSAL_SCORE.
 */
export class ReversalReplay {
  private readonly config: ReversalConfig;
  private readonly quotePoints = new Float64Array(STATE_COMBINATIONS);
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
    for (let index = 0; index < STATE_COMBINATIONS; index++) {
      const state = (place: number) => (Math.floor(index / place) % 5) - 2;
      this.quotePoints[index] = oneCoinPoints(state(125), state(25), state(5), state(1), coinsQuote);
    }
    this.basePoints = coinsPoints(neutralBase, coinsBase);
    this.bestQuotePoints = Math.max(...this.quotePoints);
    this.reachFrom = leastTrue(0, 100, (bid) => this.reaches(bid));
  }

  /** The crash id core gives the active (or just ended) crash. */
  get crashId(): string {
    return crashIdOf(this.start);
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
    const step = crashStep(this.active, this.end, windowState, now);
    if (step === CRASH_STARTS) {
      this.active = true;
      this.start = now;
      this.end = crashEndOf(now, this.config);
      this.fired = false;
    } else if (step === CRASH_ENDS) {
      this.active = false;
      this.endedAt = crashEndedAt(now, this.end);
      return REVERSAL_ENDED;
    } else if (step === CRASH_SCORES && !this.fired) return REVERSAL_SCORE;
    return REVERSAL_NOTHING;
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
    if (!(bidDominance >= 0 && bidDominance <= 100)) return false;
    const step = crashStep(true, this.end, 0, now);
    return step === CRASH_HOLDS || (step === CRASH_SCORES && (this.fired || bidDominance < this.reachFrom));
  }

  /** score's total with the largest quote points at this bid reaches the requirement. */
  private reaches(bidDominance: number): boolean {
    const liquidity = liquidityPoints(bidDominance, this.config.weights.liquidity);
    return reversalFires(false, reversalTotal(liquidity, this.bestQuotePoints, this.basePoints), this.config);
  }

  /**
   * The points of a tick `step` answered SCORE for, from the split states s15, s10, s5, s2
   * (ReversalReplay.SPLITS) and the bid dominance: EVENT when they reach the requirement.
   */
  score(s15: number, s10: number, s5: number, s2: number, bidDominance: number): ReversalTick {
    const liquidity = liquidityPoints(bidDominance, this.config.weights.liquidity);
    const quote = this.quotePoints[combinationOf(s15, s10, s5, s2)]!;
    const total = reversalTotal(liquidity, quote, this.basePoints);
    // `step` answers SCORE only before the crash's event: nothing has fired yet.
    if (!reversalFires(false, total, this.config)) return REVERSAL_NOTHING;
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
