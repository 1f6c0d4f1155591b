import { describe, expect, it } from 'vitest';
import { fileRowOf, replayPosition, virtualCandle } from './replay.js';
import { errorNameOf, M15, T0, tinyTable } from './test-table.js';

const clock = { startIndex: 1, speed: 60, wallStart: 1_000 };

describe('replayPosition', () => {
  it('maps wall time to a candle and a fraction at the given speed', () => {
    // 7.5 s of wall time at speed 60 = 450,000 market ms = half of a 15 m candle.
    expect(replayPosition(tinyTable(), clock, 1_000 + 7_500)).toEqual({ index: 1, fraction: 0.5 });
    // 15 s later the next candle opens.
    expect(replayPosition(tinyTable(), clock, 1_000 + 15_000)).toEqual({ index: 2, fraction: 0 });
  });

  it('refuses a clock before the start or not finite', async () => {
    expect(await errorNameOf(() => replayPosition(tinyTable(), clock, 999))).toBe('EXCHANGE_CLOCK_INVALID');
    expect(await errorNameOf(() => replayPosition(tinyTable(), clock, Number.NaN))).toBe(
      'EXCHANGE_CLOCK_INVALID',
    );
  });
});

describe('looping', () => {
  it('plays the file forwards then backwards with period 2n', () => {
    // n = 3: rows 0 1 2 | 2 1 0 | 0 …
    expect([0, 1, 2, 3, 4, 5, 6].map((v) => fileRowOf(3, v).row)).toEqual([0, 1, 2, 2, 1, 0, 0]);
    expect(fileRowOf(3, 3).reversed).toBe(true);
  });

  it('keeps prices continuous at the turns and times rising', () => {
    const table = tinyTable();
    // Last forward candle closes at 99; its reversed copy opens at 99 and closes at its open 92.
    expect(virtualCandle(table, 2).close).toBe(99);
    expect(virtualCandle(table, 3)).toMatchObject({ open: 99, high: 100, low: 91, close: 92 });
    // Turn back to forwards: reversed row 0 closes at 100, forward row 0 opens at 100.
    expect(virtualCandle(table, 5).close).toBe(100);
    expect(virtualCandle(table, 6).open).toBe(100);
    expect(virtualCandle(table, 6).openTime).toBe(T0 + 6 * M15);
  });
});
