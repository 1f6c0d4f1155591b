import { type CandleTable, candleTableFrom } from '../../market-data/candle-table.js';

/** Start of the crafted tables: 2025-01-01 00:00 UTC. */
export const T0 = Date.UTC(2025, 0, 1);
export const MINUTE = 60_000;

/**
 * A table of 1-minute candles from their closes: each opens at the previous close, and its high
 * and low are its open and close, so the simulator's price path inside it is flat, then a straight
 * move, then flat (see price-path.ts).
 */
export function minuteTable(closes: readonly number[]): CandleTable {
  return candleTableFrom(
    closes.map((close, i) => {
      const open = i === 0 ? close : closes[i - 1]!;
      return [T0 + i * MINUTE, open, Math.max(open, close), Math.min(open, close), close] as const;
    }),
  );
}

/** `count` closes moving `percent` % per candle from `from` (compounded, 2 dp). */
export function trend(from: number, percent: number, count: number): number[] {
  const out: number[] = [];
  let price = from;
  for (let i = 0; i < count; i++) {
    price = Math.round(price * (1 + percent / 100) * 100) / 100;
    out.push(price);
  }
  return out;
}

export const flat = (price: number, count: number): number[] => Array.from({ length: count }, () => price);

/**
 * 150 flat minutes at 30,000, a 5-minute crash of −1 %/min (to 28,529.70), a rebound of +0.5 %/min
 * for 20 minutes, then flat: a crash state from ~minute 152, its reversal event in the rebound.
 */
export const CRASH_CLOSES: readonly number[] = [
  ...flat(30_000, 150),
  ...trend(30_000, -1, 5),
  ...trend(28_529.7, 0.5, 20),
  ...flat(30_000, 10),
];
