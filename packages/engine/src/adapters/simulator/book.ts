import { uniform } from './prng.js';

/**
 * The synthetic order book (nothing in it is real). Model, all in integer cents so prices are exact:
 *
 * - `r` = relative range (high − low) / low of the previous completed candle (no look-ahead into
 *   the forming one), at least 0.1 %;
 * - half spread = max(1 ¢, price · r · 0.002); best bid = price − half spread, best ask = price +
 *   half spread, so the book never crosses and the current price sits strictly inside the spread;
 * - level step = max(1 ¢, price · r / 1000): 2,000 levels per side cover about twice the range;
 * - size of level i (BTC) = candle volume / 1000 · (0.25 + 1.5 u) · (1 + i / 500), u uniform from
 *   the seeded PRNG keyed by (seed, candle, side, level), rounded down to 0.00001 and at least that:
 *   deeper levels are larger, a busy candle gives a deeper book, and the book is stable within a
 *   candle. Bids that would reach 0 are dropped;
 * - the sides lean with the previous candle: bid sizes × 2·lean, ask sizes × 2·(1 − lean), with
 *   lean = (close − low) / (high − low) of that candle (0.5 when flat) kept within [0.02, 0.98]: a
 *   close at the high means buyers took the asks, so the bids dominate the next candle's book.
 *   It is the backtester's liquidity proxy (backtest/strategy/proxies.ts) put into the book, so
 *   the liquidity indicator moves with the market and a reversal can reach its points on the
 *   simulator as in a backtest (a book of equal sides scores ≈ 50 and never can with the defaults).
 */
export const BOOK_LEVELS = 2000;

/** What the book is built from. */
export interface BookInput {
  /** Current price, quote. */
  price: number;
  /** Relative range of the previous candle, e.g. 0.004. */
  range: number;
  /** Base volume of the previous candle. */
  volume: number;
  seed: number;
  /** Virtual candle index (keys the sizes). */
  candle: number;
  /** Where the previous candle closed in its range, 0–1 (0.5 when flat): the bid side's share. */
  lean: number;
}

/** The lean's bounds: neither side ever vanishes. */
const LEAN_MIN = 0.02;
const LEAN_MAX = 0.98;

/** Levels as [price, size] decimal strings, best first. */
export interface SyntheticBook {
  bids: Array<[string, string]>;
  asks: Array<[string, string]>;
}

/** Best bid and ask in cents (what a market order fills at). */
export function touchCents(input: BookInput): { bid: number; ask: number; step: number } {
  const cents = Math.round(input.price * 100);
  const range = Math.max(input.range, 0.001);
  const half = Math.max(1, Math.round(cents * range * 0.002));
  return { bid: cents - half, ask: cents + half, step: Math.max(1, Math.round((cents * range) / 1000)) };
}

/** The book with up to `levels` levels per side (≤ BOOK_LEVELS). */
export function syntheticBook(input: BookInput, levels: number = BOOK_LEVELS): SyntheticBook {
  const { bid, ask, step } = touchCents(input);
  const unit = Math.max(input.volume, 0.001) / 1000;
  const lean = Math.min(LEAN_MAX, Math.max(LEAN_MIN, Number.isFinite(input.lean) ? input.lean : 0.5));
  const side = (sign: -1 | 1, best: number, sideKey: number): Array<[string, string]> => {
    const weight = 2 * (sign < 0 ? lean : 1 - lean);
    const out: Array<[string, string]> = [];
    for (let i = 0; i < levels; i++) {
      const cents = best + sign * i * step;
      if (cents <= 0) break;
      const u = uniform(input.seed, input.candle, sideKey, i);
      const raw = unit * weight * (0.25 + 1.5 * u) * (1 + i / 500);
      // Rounded down to whole 0.00001 BTC units, at least one.
      const units = Math.max(1, Math.floor(raw * 100_000));
      out.push([fixedPoint(cents, 2), fixedPoint(units, 5)]);
    }
    return out;
  };
  return { bids: side(-1, bid, 0), asks: side(1, ask, 1) };
}

/**
 * A non-negative integer count of 10^-decimals units as a decimal string, by integer and string
 * arithmetic only (exact; 4,000 levels per call made Decimal formatting the book's main cost).
 */
export function fixedPoint(units: number, decimals: number): string {
  const digits = String(units).padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}
