import { type CandleTable, candleTableFrom } from '../../market-data/candle-table.js';

/**
 * Synthetic candle tables for the driver's scenario tests (test fixtures, never shown as real
 * data). 15-minute candles; each helper appends rows that open at the previous close.
 */
export const MINUTES_15 = 15 * 60_000;
export const T0 = Date.UTC(2024, 0, 1);

type Row = [number, number, number, number, number];

export class CandleScript {
  readonly rows: Row[] = [];

  get last(): number {
    return this.rows.at(-1)?.[4] ?? 100;
  }

  /** Index the next candle will get. */
  get next(): number {
    return this.rows.length;
  }

  /** One candle from the previous close to `close`, with wicks `wick` below and above (0 = none). */
  candle(close: number, wickBelow: number, wickAbove: number): this {
    const open = this.rows.length === 0 ? close : this.last;
    const time = T0 + this.rows.length * MINUTES_15;
    this.rows.push([time, open, Math.max(open, close) + wickAbove, Math.min(open, close) - wickBelow, close]);
    return this;
  }

  /**
   * `count` sideways candles at `level` (high/low ±0.1 %, close in the middle: bid-dominance
   * proxy 50). The first one moves from the previous close to the level.
   */
  flat(level: number, count: number): this {
    for (let i = 0; i < count; i++) this.candle(level, level * 0.001, level * 0.001);
    return this;
  }

  /**
   * A crash and a V-shaped recovery from `level` (22 candles, c0…c21), designed so that the
   * reversal event fires exactly at c21's close (default configs):
   * - c0 closes 1 % down: every split −1 % ≤ −0.85 → state −2, the crash starts at c0's close;
   * - c1 0.95 L, c2 0.92 L (the low); c3…c21 climb in equal steps to 0.98 L. Each climbing candle
   *   has wicks of 0.2 % of L, so its close sits at (Δ + w) / (Δ + 2w) = 72 % of its range
   *   (Δ = 0.06 L / 19): liquidity ≤ 35 × 70 / 98 = 25 points, total ≤ 25 + 32.5 + 16.25 < 78;
   * - c21 has no upper wick: bid-dominance proxy 100 → 35 points. Its splits: s15 from c2
   *   (+6.5 %, 2), s10 from c9 (+4.0 %, 2), s5 from c15 (+2.0 %, 2), s2 from c19 (+0.65 %, 1):
   *   quote coins (1 + 1 + 1 + 0.75) / 4 = 93.75 % of 32.5 = 30.47; total 35 + 30.47 + 16.25 =
   *   81.72 ≥ 78. The long splits start on the flat level (−2 %): state stays 0, the crash goes on
   *   (21 ticks = 315 min < 360).
   * Returns the index of c21.
   */
  crashAndRecovery(level: number): number {
    const wick = level * 0.002;
    this.candle((level * 99) / 100, level * 0.001, level * 0.001);
    this.candle((level * 95) / 100, level * 0.001, level * 0.001);
    this.candle((level * 92) / 100, level * 0.001, level * 0.001);
    const step = (level * 0.06) / 19;
    for (let k = 1; k <= 18; k++) this.candle((level * 92) / 100 + k * step, wick, wick);
    this.candle((level * 98) / 100, wick, 0);
    return this.next - 1;
  }

  /** `count` candles each `percent` % above the previous close, 2 dp (wicks 0.05 % both sides). */
  rally(percent: number, count: number): this {
    for (let i = 0; i < count; i++) {
      const close = Math.round(this.last * (1 + percent / 100) * 100) / 100;
      this.candle(close, close * 0.0005, close * 0.0005);
    }
    return this;
  }

  table(): CandleTable {
    return candleTableFrom(this.rows);
  }

  /** Close time of candle `index` (when the tick that reads it happens). */
  static closeTime(index: number): number {
    return T0 + (index + 1) * MINUTES_15;
  }
}
