import { scanWindowExtremes } from '@balancer/core';

/*
 * The window extremes of a range (driver.ts step 2) depend on the closes and the window settings
 * only, never on the strategy: a sweep replays the same period with the same window once per
 * combination, so they are scanned once and shared, read-only. Keyed by the closes' buffer (a
 * WeakMap: they go when the candle table goes) and then by the range and window; a buffer keeps
 * its few most recent ranges.
 */
const KEPT_PER_BUFFER = 8;
const scanned = new WeakMap<ArrayBufferLike, Map<string, Int8Array>>();

export interface ExtremesRange {
  /** The closes the windows read: the range's candles and up to size − 1 before them. */
  readonly closes: Float64Array;
  /** Index in `closes` of the range's first candle. */
  readonly offset: number;
  /** Candles in the range. */
  readonly length: number;
  /** The range's first candle with a full window behind it. */
  readonly firstFull: number;
}

/**
 * For every candle of the range: 2 or −2 where its window state is 2 or −2, else 0 (0 before
 * `firstFull`). The array is shared between runs: callers must not write to it.
 */
export function windowExtremes(
  range: ExtremesRange,
  size: number,
  requirement: number,
  strongRequirement: number,
): Int8Array {
  const { closes, offset, length, firstFull } = range;
  const key = `${closes.byteOffset}/${closes.length}/${offset}/${length}/${firstFull}/${size}/${requirement}/${strongRequirement}`;
  let byRange = scanned.get(closes.buffer);
  const hit = byRange?.get(key);
  if (hit) return hit;
  const extremes = new Int8Array(length);
  scanWindowExtremes(
    closes,
    offset + firstFull,
    offset + length,
    size,
    requirement,
    strongRequirement,
    extremes.subarray(firstFull),
  );
  if (!byRange) {
    byRange = new Map();
    scanned.set(closes.buffer, byRange);
  }
  if (byRange.size >= KEPT_PER_BUFFER) byRange.delete(byRange.keys().next().value!);
  byRange.set(key, extremes);
  return extremes;
}
