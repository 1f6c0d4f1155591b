import { describe, expect, it } from 'vitest';
import { SAMPLE_CANDLES, SAMPLE_MARKERS } from './sample-data';
import { type IllustrationRules, illustrateTrades, type SampleCandle } from './sample-markers';

/** Candles one hour apart from [open, high, low, close] rows (time in seconds). */
function table(rows: ReadonlyArray<readonly [number, number, number, number]>): SampleCandle[] {
  return rows.map(([open, high, low, close], i) => ({ time: i * 3600, open, high, low, close }));
}

const RULES: IllustrationRules = {
  lookback: 3,
  crashPercent: 10,
  increaseGainRequirement: -3,
  idleCandles: 2,
  decreaseGains: [3, 6],
  sellGapCandles: 1,
};

const summary = (candles: SampleCandle[], rules = RULES) =>
  illustrateTrades(candles, rules).map((marker) => `${marker.text}@${marker.time / 3600}`);

describe('illustrateTrades', () => {
  it('buys the bounce after a crash low, then sells once per decrease level as the gain grows', () => {
    const candles = table([
      [100, 101, 99, 100], // 0
      [100, 100, 95, 96], // 1
      [96, 96, 90, 91], // 2
      [91, 91, 85, 86], // 3: lowest low, 85 is 15.8 % under the high of 101
      [86, 88, 86, 87], // 4: closes up from the low → Buy at 87
      [87, 89, 87, 88], // 5: +1.15 % on 87
      [88, 90, 88, 89.7], // 6: +3.10 % ≥ 3 → Sell (level 1)
      [89.7, 93, 89, 92.5], // 7: +6.32 % ≥ 6 → Sell (level 2)
      [92.5, 95, 92, 94], // 8: no level left
    ]);
    expect(summary(candles)).toEqual(['Buy@4', 'Sell@6', 'Sell@7']);
  });

  it('adds only after the idle candles and when the price is 3 % under the average entry', () => {
    const candles = table([
      [100, 101, 99, 100], // 0
      [100, 101, 99, 100], // 1
      [100, 100, 90, 91], // 2
      [91, 91, 84, 85], // 3: low 84, 16.8 % under 101
      [85, 87, 85, 86], // 4: bounce → Buy at 86
      [86, 86, 80, 81], // 5: new low 80
      [81, 84, 81, 83], // 6: bounce, but 2 candles after the buy (idle 3) → no add
      [83, 83, 78, 79], // 7: low 78, 10.3 % under the lookback high of 87
      [79, 82, 79, 81], // 8: bounce, −5.81 % vs the entry 86 ≤ −3 → Buy
    ]);
    expect(summary(candles, { ...RULES, idleCandles: 3 })).toEqual(['Buy@4', 'Buy@8']);
  });

  it('leaves the gap between two sells', () => {
    const candles = table([
      [100, 101, 99, 100], // 0
      [100, 100, 95, 96], // 1
      [96, 96, 90, 91], // 2
      [91, 91, 85, 86], // 3: crash low
      [86, 88, 86, 87], // 4: Buy at 87
      [87, 90, 87, 89.7], // 5: +3.10 % → Sell (level 1)
      [89.7, 93, 89, 92.5], // 6: +6.32 %, but 1 candle after the last sell (gap 2)
      [92.5, 94, 92, 93], // 7: +6.90 % → Sell (level 2)
    ]);
    expect(summary(candles, { ...RULES, sellGapCandles: 2 })).toEqual(['Buy@4', 'Sell@5', 'Sell@7']);
  });

  it('does not buy a bounce without a crash', () => {
    const candles = table([
      [100, 101, 99, 100],
      [100, 100, 96, 97], // low 96 is 4.95 % under 101: no crash at 10 %
      [97, 99, 97, 98],
    ]);
    expect(summary(candles)).toEqual([]);
  });

  it('marks buys below the bar in teal and sells above it in red', () => {
    const markers = illustrateTrades(
      table([
        [100, 101, 99, 100],
        [100, 100, 95, 96],
        [96, 96, 85, 86],
        [86, 88, 86, 87],
        [87, 95, 87, 94],
      ]),
      { ...RULES, lookback: 2 },
    );
    expect(markers).toEqual([
      { time: 3 * 3600, position: 'belowBar', color: '#0f766e', shape: 'arrowUp', text: 'Buy' },
      { time: 4 * 3600, position: 'aboveBar', color: '#dc2626', shape: 'arrowDown', text: 'Sell' },
    ]);
  });
});

describe('the shipped sample', () => {
  it('is 168 continuous hourly candles', () => {
    expect(SAMPLE_CANDLES).toHaveLength(168); // 7 days × 24 h
    SAMPLE_CANDLES.forEach((candle, i) => {
      if (i > 0) expect(candle.time - SAMPLE_CANDLES[i - 1]!.time).toBe(3600);
      expect(candle.low).toBeLessThanOrEqual(Math.min(candle.open, candle.close));
      expect(candle.high).toBeGreaterThanOrEqual(Math.max(candle.open, candle.close));
    });
  });

  it('buys in the crash and sells in the rally', () => {
    const buys = SAMPLE_MARKERS.filter((marker) => marker.text === 'Buy');
    const sells = SAMPLE_MARKERS.filter((marker) => marker.text === 'Sell');
    expect(buys.length).toBeGreaterThan(0);
    expect(sells.length).toBeGreaterThan(0);
    expect(Math.max(...buys.map((m) => m.time))).toBeLessThan(Math.min(...sells.map((m) => m.time)));
    const closeAt = (time: number) => SAMPLE_CANDLES.find((candle) => candle.time === time)!.close;
    const highestBuy = Math.max(...buys.map((m) => closeAt(m.time)));
    const lowestSell = Math.min(...sells.map((m) => closeAt(m.time)));
    expect(lowestSell).toBeGreaterThan(Math.min(...buys.map((m) => closeAt(m.time))));
    expect(highestBuy).toBeLessThan(Math.max(...SAMPLE_CANDLES.map((candle) => candle.high)));
  });
});
