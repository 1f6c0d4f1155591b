import { windowStatesAt } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { windowExtremes } from './window-extremes.js';

/** A walk with crashes and rallies, so both extremes occur. */
function walk(length: number): Float64Array {
  const closes = new Float64Array(length);
  let price = 30_000;
  for (let i = 0; i < length; i++) {
    price *= 1 + Math.sin(i / 40) * 0.01 + ((i * 7919) % 13) / 2_000 - 0.003;
    closes[i] = Math.round(price * 100) / 100;
  }
  return closes;
}

describe('windowExtremes', () => {
  const closes = walk(3_000);
  const range = { closes: closes.subarray(1), offset: 99, length: 2_900, firstFull: 0 };

  it('marks exactly the candles whose window state is 2 or −2', () => {
    const extremes = windowExtremes(range, 100, 2, 6);
    let marked = 0;
    for (let i = 0; i < range.length; i++) {
      const state = windowStatesAt(range.closes, range.offset + i, 100, 2, 6, new Int8Array(8));
      expect(extremes[i]).toBe(state === 2 || state === -2 ? state : 0);
      if (state === 2 || state === -2) marked++;
    }
    expect(marked).toBeGreaterThan(10);
  });

  it('scans a range and window once: the same marks for a second run, other ones for another window', () => {
    const first = windowExtremes(range, 100, 2, 6);
    expect(windowExtremes({ ...range, closes: closes.subarray(1) }, 100, 2, 6)).toBe(first);
    const other = windowExtremes(range, 100, 3, 6);
    expect(other).not.toBe(first);
    expect(windowExtremes({ ...range, length: 2_000 }, 100, 2, 6)).not.toBe(first);
  });

  it('keeps a few ranges per candle table, scanning again after they are dropped', () => {
    const first = windowExtremes(range, 100, 2, 6);
    for (let r = 1; r <= 8; r++) windowExtremes(range, 100, 2 + r / 10, 6);
    const again = windowExtremes(range, 100, 2, 6);
    expect(again).not.toBe(first);
    expect(Array.from(again)).toEqual(Array.from(first));
  });
});
