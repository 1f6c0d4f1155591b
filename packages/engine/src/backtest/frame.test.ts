import { describe, expect, it } from 'vitest';
import { candleTableFrom } from '../market-data/candle-table.js';
import { bucketEnds, chooseBucketMs } from './frame.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2024, 0, 1);

/** Candles at the given offsets from T0 (price 1). */
const at = (offsets: number[]) =>
  candleTableFrom(offsets.map((offset) => [T0 + offset, 1, 1, 1, 1] as const));

describe('frame', () => {
  it('ends a bucket at the last candle of each UTC day', () => {
    // 6-hourly candles over two days: indices 0–3 on day 0, 4–7 on day 1.
    const table = at([0, 6, 12, 18, 24, 30, 36, 42].map((hours) => hours * HOUR));
    expect(Array.from(bucketEnds(table, DAY))).toEqual([3, 7]);
  });

  it('ends a bucket where floor(time / bucket) changes, across gaps of several buckets', () => {
    // Hourly candles with gaps: the rule is the bucket number's change, checked candle by candle.
    const offsets = [0, 1, 2, 30, 31, 80, 81, 82, 200].map((hours) => hours * HOUR + 17);
    const table = at(offsets);
    const expected = offsets.flatMap((offset, i) =>
      i + 1 === offsets.length || Math.floor((T0 + offsets[i + 1]!) / DAY) !== Math.floor((T0 + offset) / DAY)
        ? [i]
        : [],
    );
    expect(expected).toEqual([2, 4, 7, 8]);
    expect(Array.from(bucketEnds(table, DAY))).toEqual(expected);
  });

  it('picks the smallest chart bucket that keeps ≤ 800 samples and is ≥ the interval', () => {
    // 15-minute candles over one year: 8,760 h > 800 → 4 h gives 2,190 > 800 → 1 day gives 365.
    const year = at(Array.from({ length: 4 }, (_, i) => i * 15 * 60_000).concat([365 * DAY - 15 * 60_000]));
    expect(year.intervalMs).toBe(15 * 60_000);
    expect(chooseBucketMs(year)).toBe(DAY);
    // Ten days of hourly candles: 240 h ≤ 800 → 1 h.
    expect(chooseBucketMs(at(Array.from({ length: 240 }, (_, i) => i * HOUR)))).toBe(HOUR);
  });
});
