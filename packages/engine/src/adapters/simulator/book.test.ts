import { Decimal } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { BOOK_LEVELS, fixedPoint, syntheticBook, touchCents } from './book.js';

const input = { price: 80_000.37, range: 0.005, volume: 250, seed: 7, candle: 1234, lean: 0.5 };

describe('syntheticBook', () => {
  it('has 2,000 levels per side, sorted best first, not crossing the price', () => {
    const { bids, asks } = syntheticBook(input);
    expect(bids).toHaveLength(BOOK_LEVELS);
    expect(asks).toHaveLength(BOOK_LEVELS);
    for (let i = 1; i < BOOK_LEVELS; i++) {
      expect(new Decimal(bids[i]![0]).isLessThan(bids[i - 1]![0])).toBe(true);
      expect(new Decimal(asks[i]![0]).isGreaterThan(asks[i - 1]![0])).toBe(true);
    }
    expect(new Decimal(bids[0]![0]).isLessThan(input.price)).toBe(true);
    expect(new Decimal(asks[0]![0]).isGreaterThan(input.price)).toBe(true);
    for (const [, size] of [...bids, ...asks])
      expect(new Decimal(size).isGreaterThanOrEqualTo('0.00001')).toBe(true);
  });

  it('follows the documented spread and step', () => {
    // 8,000,037 ¢ · 0.005 · 0.002 = 80.0004 → half spread 80 ¢; step 8,000,037 · 0.005 / 1000 = 40.0002 → 40 ¢.
    expect(touchCents(input)).toEqual({ bid: 7_999_957, ask: 8_000_117, step: 40 });
    const { bids, asks } = syntheticBook(input, 3);
    expect(bids.map(([price]) => price)).toEqual(['79999.57', '79999.17', '79998.77']);
    expect(asks.map(([price]) => price)).toEqual(['80001.17', '80001.57', '80001.97']);
  });

  it('widens with the range', () => {
    const wide = touchCents({ ...input, range: 0.02 });
    // 8,000,037 · 0.02 · 0.002 = 320.0015 → 320 ¢ each side.
    expect(wide.ask - wide.bid).toBe(640);
  });

  it('is deterministic and depends on the seed', () => {
    expect(syntheticBook(input)).toEqual(syntheticBook({ ...input }));
    expect(syntheticBook({ ...input, seed: 8 }).bids[0]![1]).not.toBe(syntheticBook(input).bids[0]![1]);
  });

  it('leans with where the previous candle closed: bids × 2·lean, asks × 2·(1 − lean)', () => {
    const volume = (levels: Array<[string, string]>) =>
      levels.reduce((sum, [, size]) => sum.plus(size), new Decimal(0));
    const even = syntheticBook(input, 200);
    const bullish = syntheticBook({ ...input, lean: 0.9 }, 200);
    // Same seed and keys: each bid level is 1.8 × its even size, each ask 0.2 ×, up to rounding down
    // to 0.00001 (200 levels × 0.00001 at most).
    expect(volume(bullish.bids).minus(volume(even.bids).times(1.8)).abs().toNumber()).toBeLessThan(
      0.002 * 1.8,
    );
    expect(volume(bullish.asks).minus(volume(even.asks).times(0.2)).abs().toNumber()).toBeLessThan(0.002);
    // A lean outside [0.02, 0.98] is held there: no side vanishes.
    expect(syntheticBook({ ...input, lean: 1 }, 200)).toEqual(syntheticBook({ ...input, lean: 0.98 }, 200));
    expect(syntheticBook({ ...input, lean: Number.NaN }, 200)).toEqual(even);
  });

  it('drops bids that would reach zero', () => {
    // Price 1.00, range 100 %: step 0.1 ¢ → 1 ¢, half spread 0.2 ¢ → 1 ¢; bids 99 ¢ … 1 ¢ = 99 levels.
    expect(syntheticBook({ ...input, price: 1, range: 1 }).bids).toHaveLength(99);
  });
});

describe('fixedPoint', () => {
  it('formats integer units exactly', () => {
    // 8,000,037 ¢ = 80,000.37; 7 units of 0.00001 = 0.00007.
    expect([fixedPoint(8_000_037, 2), fixedPoint(7, 5), fixedPoint(100_000, 5)]).toEqual([
      '80000.37',
      '0.00007',
      '1.00000',
    ]);
  });
});
