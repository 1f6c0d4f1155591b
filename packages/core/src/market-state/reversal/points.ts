import { CodedError } from '../../errors/coded-error.js';
import { roundDecimal, toDecimal } from '../../numbers/decimal.js';
import { round2HalfUp } from '../../numbers/fast.js';
import type { CoinsFamilyState } from '../coins/coins-states.js';
import type { MarketStateValue, SplitId } from '../types.js';
import type { ReversalConfig } from './config.js';

/** The points of one tick of a crash, each 2 dp; total = their sum (2 dp), at most 100. */
export interface ReversalPoints {
  liquidity: number;
  coinsQuote: number;
  coinsBase: number;
  total: number;
}

/** The short splits the coins points look at (docs/strategy.md#reversal). */
export const REVERSAL_SPLITS: readonly SplitId[] = Object.freeze(['s15', 's10', 's5', 's2']);

/** A split state's score: rising coins after a crash hint at a reversal. */
export const SPLIT_SCORES: Readonly<Record<MarketStateValue, number>> = Object.freeze({
  2: 1,
  1: 0.75,
  0: 0.5,
  [-1]: 0.25,
  [-2]: 0,
});

/** Score given to a family without coins: neutral, as if every split were sideways. */
const EMPTY_FAMILY_SCORE = 0.5;

/** clamp((bidDominance − 2) / 98, 0.01, 1) × weight, 2 dp: 50 → 17.14 with weight 35. */
export function liquidityPoints(bidDominance: number, weight: number): number {
  const share = Math.min(1, Math.max(0.01, (bidDominance - 2) / 98));
  return round2HalfUp(share * weight);
}

/** SPLIT_SCORES[state] for a state −2..2 (a switch: the hot path of a crash's every tick). */
function scoreOf(state: unknown, symbol: string): number {
  switch (state) {
    case 2:
      return 1;
    case 1:
      return 0.75;
    case 0:
      return 0.5;
    case -1:
      return 0.25;
    case -2:
      return 0;
    default:
      throw new CodedError('INVALID_REVERSAL_INPUT', `${symbol}: split state ${String(state)}`);
  }
}

/**
 * A coins family's share of the received score in % (2 dp): Σ split scores over every coin and
 * the splits s15 s10 s5 s2 × 100 / (coins × 4). A family without coins gets EMPTY_FAMILY_SCORE
 * (50 %), so a missing family neither helps nor blocks the event.
 */
export function coinsReceivedPercentage(family: CoinsFamilyState): number {
  const states = family?.statesBySymbol;
  if (typeof states !== 'object' || states === null) {
    throw new CodedError('INVALID_REVERSAL_INPUT', 'coins family without statesBySymbol');
  }
  let sum = 0;
  let count = 0;
  for (const symbol in states) {
    if (!Object.hasOwn(states, symbol)) continue;
    const splitStates = states[symbol]?.splitStates;
    if (typeof splitStates !== 'object' || splitStates === null) {
      throw new CodedError('INVALID_REVERSAL_INPUT', `${symbol}: no split states`);
    }
    // REVERSAL_SPLITS in order, written out: named reads are several times faster than keyed ones.
    sum += scoreOf(splitStates.s15?.state, symbol);
    sum += scoreOf(splitStates.s10?.state, symbol);
    sum += scoreOf(splitStates.s5?.state, symbol);
    sum += scoreOf(splitStates.s2?.state, symbol);
    count += 1;
  }
  if (count === 0) return EMPTY_FAMILY_SCORE * 100;
  return receivedPercentage(sum, count);
}

/** The received % of `count` coins whose split scores (SPLIT_SCORES, 4 a coin) add up to `scores`, 2 dp. */
function receivedPercentage(scores: number, count: number): number {
  return round2HalfUp((scores * 100) / (count * REVERSAL_SPLITS.length));
}

/**
 * The points of a family of one coin with these split states (s15, s10, s5, s2; each −2..2, scored
 * in that order as `coinsPoints` scores a coin): what `coinsPoints` gives that family.
 */
export function oneCoinPoints(s15: number, s10: number, s5: number, s2: number, weight: number): number {
  const symbol = 'coin';
  let sum = scoreOf(s15, symbol);
  sum += scoreOf(s10, symbol);
  sum += scoreOf(s5, symbol);
  sum += scoreOf(s2, symbol);
  return familyPoints(receivedPercentage(sum, 1), weight);
}

function familyPoints(percentage: number, weight: number): number {
  return round2HalfUp((percentage / 100) * weight);
}

/** A tick's total: the three points' sum, 2 dp half up. */
export function reversalTotal(liquidity: number, coinsQuote: number, coinsBase: number): number {
  return round2HalfUp(liquidity + coinsQuote + coinsBase);
}

/** received % / 100 × weight, 2 dp: all splits 2 → 32.5 with weight 32.5, all 0 → 16.25. */
export function coinsPoints(family: CoinsFamilyState, weight: number): number {
  return familyPoints(coinsReceivedPercentage(family), weight);
}

/** The three indicators' points and their total for one tick (docs/strategy.md#reversal). */
export function reversalPoints(
  bidDominance: number,
  coins: { quote: CoinsFamilyState; base: CoinsFamilyState },
  weights: ReversalConfig['weights'],
): ReversalPoints {
  const liquidity = liquidityPoints(bidDominance, weights.liquidity);
  const coinsQuote = coinsPoints(coins.quote, weights.coinsQuote);
  const coinsBase = coinsPoints(coins.base, weights.coinsBase);
  return { liquidity, coinsQuote, coinsBase, total: reversalTotal(liquidity, coinsQuote, coinsBase) };
}

/**
 * What the UI shows: points ÷ requirement × 100, computed exactly and rounded to 2 dp half
 * down as the original does (0.02 of 80 → 0.025 → 0.02), capped at 100.
 */
export function reversalDisplayValue(points: number, pointsRequirement: number): number {
  if (
    !(Number.isFinite(points) && points >= 0 && pointsRequirement > 0 && Number.isFinite(pointsRequirement))
  ) {
    throw new CodedError(
      'INVALID_REVERSAL_INPUT',
      `points ${String(points)}, requirement ${String(pointsRequirement)}`,
    );
  }
  const share = toDecimal(points).times(100).dividedBy(pointsRequirement);
  return Math.min(100, roundDecimal(share, 2, 'ROUND_HALF_DOWN').toNumber());
}
