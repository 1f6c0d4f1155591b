import { Decimal, type DecimalInput, roundDecimal } from '../numbers/decimal.js';
import type { StrategyConfig } from '../strategy/config.js';
import { QUOTE_DECIMALS } from '../strategy/constants.js';

/*
 * Twin: engine backtest/strategy/fill-position.ts computes `decreasePriceLevels` on exact integers
 * (`levelPrices`, inside `positionOfFills`); fill-position.test.ts (property) holds them equal
 * (ARCHITECTURE.md, the backtest's twins of core).
 */

/**
 * The price at which a decrease level becomes active: entry × (1 + gain / 100)
 * (docs/strategy.md#positions), rounded half up to 2 dp as the original does: entry 100.01 at
 * +1.5 % → 101.51015 → 101.51. (The sell itself is decided on the gain, not on this price.)
 */
export function decreaseLevelPrice(entryPrice: DecimalInput, gainRequirement: number): Decimal {
  const factor = new Decimal(gainRequirement).dividedBy(100).plus(1);
  return roundDecimal(new Decimal(entryPrice).times(factor), QUOTE_DECIMALS, 'ROUND_HALF_UP');
}

/*
 * The level prices depend only on the entry price and the five gain requirements, and the entry
 * price changes only when a buy fills: a position's sells and revaluations ask for the same five
 * prices again. The last answer is remembered with what it was computed from (a memo: the answer
 * is the same with or without it).
 */
let memoEntry = '';
const memoGains: number[] = [];
let memoPrices: string[] = [];

/** decreaseLevelPrice of every level of `strategy` at `entryPrice`, as decimal strings (a new array). */
export function decreasePriceLevels(entryPrice: Decimal, strategy: StrategyConfig): string[] {
  const entry = entryPrice.toFixed();
  const levels = strategy.decreaseLevels;
  let same = entry === memoEntry && memoGains.length === levels.length;
  for (let i = 0; same && i < levels.length; i += 1) same = memoGains[i] === levels[i]!.gainRequirement;
  if (!same) {
    memoPrices = levels.map((level) => decreaseLevelPrice(entryPrice, level.gainRequirement).toFixed());
    memoEntry = entry;
    memoGains.length = 0;
    for (const level of levels) memoGains.push(level.gainRequirement);
  }
  return [...memoPrices];
}
