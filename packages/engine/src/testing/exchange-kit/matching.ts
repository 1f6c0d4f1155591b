import { Decimal } from '@balancer/core';
import type { Level, Side } from './types.js';

/** One planned fill against a book level. */
export interface PlannedFill {
  price: Decimal;
  amount: Decimal;
}

/** What an order asks the book for: a base amount, or (market buys) a quote amount to spend. */
export interface FillRequest {
  side: Side;
  /** Base amount; or undefined with `quoteAmount` for a market buy by cost. */
  amount: Decimal | undefined;
  quoteAmount: Decimal | undefined;
  /** Limit price: only levels at or better than it fill. */
  limit: Decimal | undefined;
  /** The amount step fills are rounded down to (a quote-amount buy's fills). */
  amountStep: Decimal;
}

/**
 * Walks the opposite side of the book, best first, until the order is filled or the book (or the
 * limit) runs out. The book itself is left unchanged: the stand-ins model a deep, static market.
 */
export function planFills(levels: Level[], request: FillRequest): PlannedFill[] {
  const fills: PlannedFill[] = [];
  let amountLeft = request.amount;
  let quoteLeft = request.quoteAmount;
  for (const [rawPrice, rawQty] of levels) {
    const price = new Decimal(rawPrice);
    if (request.limit !== undefined) {
      const crosses = request.side === 'buy' ? price.lte(request.limit) : price.gte(request.limit);
      if (!crosses) break;
    }
    let take = new Decimal(rawQty);
    if (amountLeft !== undefined) take = Decimal.min(take, amountLeft);
    if (quoteLeft !== undefined) {
      const affordable = quoteLeft.div(price);
      const steps = affordable.div(request.amountStep).integerValue(Decimal.ROUND_DOWN);
      take = Decimal.min(take, steps.times(request.amountStep));
    }
    if (take.lte(0)) break;
    fills.push({ price, amount: take });
    if (amountLeft !== undefined) amountLeft = amountLeft.minus(take);
    if (quoteLeft !== undefined) quoteLeft = quoteLeft.minus(take.times(price));
    if (amountLeft?.isZero()) break;
  }
  return fills;
}

/** Cuts planned fills so their total amount is at most `cap` (the partial-fill fault). */
export function capFills(fills: PlannedFill[], cap: Decimal): PlannedFill[] {
  const capped: PlannedFill[] = [];
  let left = cap;
  for (const fill of fills) {
    if (left.lte(0)) break;
    const amount = Decimal.min(fill.amount, left);
    capped.push({ price: fill.price, amount });
    left = left.minus(amount);
  }
  return capped;
}
