import { Decimal, type DecimalInput } from '../numbers/decimal.js';
import { Fixed, fixedOf, fixedText, plus, roundHalfUp, times } from '../numbers/fixed.js';
import type { StrategyConfig } from '../strategy/config.js';
import { QUOTE_DECIMALS } from '../strategy/constants.js';

const ONE = new Fixed(1n, 0);
/** Decimal's DECIMAL_PLACES: `gain.dividedBy(100)` keeps 40 decimals, half up. */
const QUOTIENT_PLACES = 40;

/**
 * entry × (1 + gain / 100), 2 dp half up, exactly: gain ÷ 100 is the gain's digits two places
 * right, rounded to 40 decimals half up when it has more (as `Decimal#dividedBy` rounds).
 */
function levelPrice(entry: Fixed, gain: Fixed): Fixed {
  const hundredth = new Fixed(gain.units, gain.scale + 2);
  const share = hundredth.scale > QUOTIENT_PLACES ? roundHalfUp(hundredth, QUOTIENT_PLACES) : hundredth;
  return roundHalfUp(times(entry, plus(share, ONE)), QUOTE_DECIMALS);
}

/**
 * The price at which a decrease level becomes active: entry × (1 + gain / 100)
 * (docs/strategy.md#positions), rounded half up to 2 dp as the original does: entry 100.01 at
 * +1.5 % → 101.51015 → 101.51. (The sell itself is decided on the gain, not on this price.)
 */
export function decreaseLevelPrice(entryPrice: DecimalInput, gainRequirement: number): Decimal {
  return new Decimal(fixedText(levelPrice(fixedOf(entryPrice), fixedOf(gainRequirement))));
}

/*
 * The level prices depend only on the entry price and the five gain requirements, and the entry
 * price changes only when a buy fills: a position's sells and revaluations ask for the same five
 * prices again. The last answer is remembered with what it was computed from (a memo: the answer
 * is the same with or without it).
 */
let memoEntry: Fixed | null = null;
const memoGains: number[] = [];
let memoPrices: string[] = [];

/** decreaseLevelPrice of every level of `strategy` at `entryPrice`, as decimal strings (a new array). */
export function decreasePriceLevels(entryPrice: Fixed, strategy: StrategyConfig): string[] {
  const levels = strategy.decreaseLevels;
  let same =
    memoEntry !== null &&
    entryPrice.units === memoEntry.units &&
    entryPrice.scale === memoEntry.scale &&
    memoGains.length === levels.length;
  for (let i = 0; same && i < levels.length; i += 1) same = memoGains[i] === levels[i]!.gainRequirement;
  if (!same) {
    memoPrices = levels.map((level) => fixedText(levelPrice(entryPrice, fixedOf(level.gainRequirement))));
    memoEntry = entryPrice;
    memoGains.length = 0;
    for (const level of levels) memoGains.push(level.gainRequirement);
  }
  return [...memoPrices];
}
