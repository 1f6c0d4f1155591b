import { CodedError } from '../../errors/coded-error.js';

/** One order book level: price and size (base units), both plain numbers. */
export type BookLevel = [price: number, size: number];

/** An order book: bids and asks, each in any order (exchanges send them sorted). */
export interface OrderBook {
  bids: BookLevel[];
  asks: BookLevel[];
}

/** The prices of one side the indicator looks at, with whether each edge is included. */
export interface PriceRange {
  /** Lowest price kept, and whether a level exactly at it is kept. */
  low: number;
  includeLow: boolean;
  high: number;
  includeHigh: boolean;
}

function inRange(price: number, range: PriceRange): boolean {
  return (
    (range.includeLow ? price >= range.low : price > range.low) &&
    (range.includeHigh ? price <= range.high : price < range.high)
  );
}

/**
 * The sizes of one side's levels inside `range`: each level's price is floored to a whole unit
 * first and the floored price tested against the range, as the original Balancer does; the sizes
 * of one unit are summed (docs/strategy.md#liquidity). Every level is checked (finite price > 0, finite
 * size ≥ 0; INVALID_ORDER_BOOK otherwise); size-0 levels are deletions and are skipped.
 * Sorted sides (the exchange's order) merge in one pass; any other order is sorted first.
 */
export function mergedSizes(levels: BookLevel[], range: PriceRange, side: 'bids' | 'asks'): number[] {
  if (!Array.isArray(levels)) throw new CodedError('INVALID_ORDER_BOOK', `${side} must be an array`);
  const units: number[] = [];
  const sizes: number[] = [];
  let monotonic = true;
  for (let index = 0; index < levels.length; index += 1) {
    const level = levels[index];
    const price = Array.isArray(level) ? level[0] : undefined;
    const size = Array.isArray(level) ? level[1] : undefined;
    if (
      !(typeof price === 'number' && price > 0 && price < Number.POSITIVE_INFINITY) ||
      !(typeof size === 'number' && size >= 0 && size < Number.POSITIVE_INFINITY)
    ) {
      throw new CodedError('INVALID_ORDER_BOOK', `${side}[${index}] is ${JSON.stringify(level)}`);
    }
    // Floored first, then tested: a level at 100.1 is the unit 100, outside (100.3, …].
    const unit = Math.floor(price);
    if (size === 0 || !inRange(unit, range)) continue;
    const count = units.length;
    if (count > 0 && units[count - 1] === unit) {
      sizes[count - 1]! += size;
      continue;
    }
    if (count >= 2 && (unit - units[count - 1]!) * (units[count - 1]! - units[count - 2]!) < 0)
      monotonic = false;
    units.push(unit);
    sizes.push(size);
  }
  return monotonic ? sizes : mergeUnsorted(units, sizes);
}

/** Merges (unit, size) pairs that arrived out of order: sorts by unit, then sums equal units. */
function mergeUnsorted(units: number[], sizes: number[]): number[] {
  const order = units.map((_, index) => index).sort((a, b) => units[a]! - units[b]!);
  const merged: number[] = [];
  let previous: number | null = null;
  for (const index of order) {
    if (units[index] === previous) merged[merged.length - 1]! += sizes[index]!;
    else merged.push(sizes[index]!);
    previous = units[index]!;
  }
  return merged;
}
