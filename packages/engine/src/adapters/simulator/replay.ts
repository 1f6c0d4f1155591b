import { CodedError } from '@balancer/core';
import type { CandleTable } from '../../market-data/candle-table.js';
import type { SimCandle } from './price-path.js';

/**
 * Replay: wall-clock time → a virtual candle and a fraction of it. Virtual candle `v` counts
 * candles from the file's first one; market time runs `speed` times faster than the wall clock
 * (speed 60: one 15 m candle per 15 s) from `startIndex` at `wallStart`.
 *
 * Looping: after the last candle the file plays backwards (candle n−1 reversed, then n−2 …),
 * then forwards again, a period of 2n candles. A reversed candle swaps open and close and keeps
 * high, low and volume, so the path is continuous at both turns (the last forward close is the
 * first reversed open) and between reversed candles the gaps are the file's own (≤ 0.022 % on the
 * Binance file). Virtual open times keep rising by one interval per candle (file gaps ignored).
 */
export interface ReplayClock {
  /** Index in the file of the candle open at `wallStart`. */
  startIndex: number;
  /** Market ms per wall ms, > 0. */
  speed: number;
  /** Wall time (epoch ms) at which the replay starts. */
  wallStart: number;
}

/** Where the replay stands at one instant. */
export interface ReplayPosition {
  /** Virtual candle index (≥ startIndex). */
  index: number;
  /** Elapsed part of that candle, [0, 1). */
  fraction: number;
}

/** The replay position at wall time `nowMs`; a time before the start or not finite is refused. */
export function replayPosition(table: CandleTable, clock: ReplayClock, nowMs: number): ReplayPosition {
  if (!Number.isFinite(nowMs) || nowMs < clock.wallStart) {
    throw new CodedError('EXCHANGE_CLOCK_INVALID', `now ${nowMs}, replay started at ${clock.wallStart}`);
  }
  const marketElapsed = (nowMs - clock.wallStart) * clock.speed;
  const candles = Math.floor(marketElapsed / table.intervalMs);
  const fraction = (marketElapsed - candles * table.intervalMs) / table.intervalMs;
  return { index: clock.startIndex + candles, fraction };
}

/** The file row and direction that virtual candle `index` (≥ 0) plays. */
export function fileRowOf(length: number, index: number): { row: number; reversed: boolean } {
  const phase = index % (2 * length);
  return phase < length ? { row: phase, reversed: false } : { row: 2 * length - 1 - phase, reversed: true };
}

/** Virtual candle `index` (≥ 0): the file's values, reversed on backward passes. */
export function virtualCandle(table: CandleTable, index: number): SimCandle {
  const { row, reversed } = fileRowOf(table.length, index);
  const open = table.open[row]!;
  const close = table.close[row]!;
  return {
    openTime: table.time[0]! + index * table.intervalMs,
    open: reversed ? close : open,
    high: table.high[row]!,
    low: table.low[row]!,
    close: reversed ? open : close,
    volume: table.volume[row]!,
  };
}
