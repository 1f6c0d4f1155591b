import { isCodedError } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { parseCandleCsv } from './parse-candles.js';

const BINANCE = [
  'Open_Time,Open,High,Low,Close,Volume',
  '2025-03-30 00:00:00,100,110,90,105,1.5',
  '2025-03-30 00:15:00,105,106,104,104.5,2',
  '2025-03-30 00:30:00,104.5,104.5,104.5,104.5,0',
  '',
].join('\n');

const COINBASE = [
  'Timestamps are UTC timezone,https://www.CryptoDataDownload.com',
  'date,symbol,open,high,low,close,volume_btc,volume',
  '2019-10-17 01-PM,BTCUSD,30,31,29,30.5,1,30',
  '2019-10-17 12-PM,BTCUSD,20,21,19,20.5,1,20',
  '2019-10-17 01-AM,BTCUSD,10,11,9,10.5,1,10',
  '2019-10-17 12-AM,BTCUSD,5,6,4,5.5,1,5',
].join('\r\n');

/** The coded error a failing call throws, for asserting on its name and detail. */
function errorOf(run: () => unknown): { name: string; detail: string } {
  try {
    run();
  } catch (error) {
    if (isCodedError(error)) return { name: error.errorName, detail: error.detail ?? '' };
    throw error;
  }
  throw new Error('expected a coded error');
}

describe('parseCandleCsv, Binance layout', () => {
  it('reads every row into ascending typed arrays', () => {
    const { table, layout } = parseCandleCsv(BINANCE, 'b.csv');
    expect(layout).toBe('binance-klines');
    expect(table.length).toBe(3);
    // 2025-03-30 00:00 UTC = 1743292800000 ms; +15 min = +900000 ms.
    expect(Array.from(table.time)).toEqual([1743292800000, 1743293700000, 1743294600000]);
    expect(Array.from(table.close)).toEqual([105, 104.5, 104.5]);
    expect(Array.from(table.volume)).toEqual([1.5, 2, 0]);
    expect(table.intervalMs).toBe(900_000);
  });

  it('names the file and line of a bad row', () => {
    const cases: [string, RegExp][] = [
      ['2025-03-30 00:45:00,1,2,0.5', /b\.csv:5: expected 6 fields, got 4/],
      ['2025-03-30 00:45:00,abc,2,0.5,1,1', /b\.csv:5: open "abc" is not a number/],
      ['2025-03-30 00:45:00,-1,2,0.5,1,1', /b\.csv:5: open "-1"/],
      ['2025-03-30 00:45:00,1,2,0.5,1,NaN', /volume "NaN"/],
      ['2025-03-30 00:45:00,1,2,0,1,1', /low 0 must be greater than 0/],
      ['2025-03-30 00:45:00,3,2,0.5,1,1', /prices out of order/],
      ['2025-03-30 00:45:00,1,2,1.5,1,1', /prices out of order/],
      ['2025-02-30 00:45:00,1,2,0.5,1,1', /bad time "2025-02-30 00:45:00"/],
      ['2025-03-30T00:45:00Z,1,2,0.5,1,1', /bad time/],
      ['2025-03-30 24:00:00,1,2,0.5,1,1', /bad time/],
    ];
    for (const [row, message] of cases) {
      const { name, detail } = errorOf(() => parseCandleCsv(BINANCE.replace(/\n$/, `\n${row}\n`), 'b.csv'));
      expect(name, row).toBe('BACKTEST_DATA_BAD_ROW');
      expect(detail, row).toMatch(message);
    }
  });

  it('rejects two candles with the same open time, naming both lines', () => {
    const text = `${BINANCE}2025-03-30 00:15:00,105,106,104,104.5,2\n`;
    expect(errorOf(() => parseCandleCsv(text, 'b.csv'))).toEqual({
      name: 'BACKTEST_DATA_DUPLICATE_TIME',
      detail: 'b.csv:5: the same open time as line 3',
    });
  });

  it('rejects an unknown header and an empty file', () => {
    expect(errorOf(() => parseCandleCsv('time,open,high,low,close\n', 'x.csv')).name).toBe(
      'BACKTEST_DATA_UNKNOWN_LAYOUT',
    );
    expect(errorOf(() => parseCandleCsv('Open_Time,Open,High,Low,Close,Volume\n', 'x.csv')).name).toBe(
      'BACKTEST_NO_CANDLES',
    );
  });
});

describe('parseCandleCsv, CryptoDataDownload (Coinbase) layout', () => {
  it('skips the credit line, sorts newest-first rows and reads 12-hour times in UTC', () => {
    const { table, layout } = parseCandleCsv(COINBASE, 'c.csv');
    expect(layout).toBe('cryptodatadownload');
    // 2019-10-17 00:00 UTC = 1571270400000; 12-AM → 00:00, 01-AM → 01:00, 12-PM → 12:00, 01-PM → 13:00.
    const hour = 3_600_000;
    const midnight = 1571270400000;
    expect(Array.from(table.time)).toEqual([
      midnight,
      midnight + hour,
      midnight + 12 * hour,
      midnight + 13 * hour,
    ]);
    expect(Array.from(table.open)).toEqual([5, 10, 20, 30]);
    // volume_btc (column 7) is the base volume, not the USD volume.
    expect(Array.from(table.volume)).toEqual([1, 1, 1, 1]);
    // Steps are 1 h, 11 h, 1 h: the most common is 1 h.
    expect(table.intervalMs).toBe(hour);
  });

  it('rejects hour 00 and 13 and rows with the wrong field count, with their line', () => {
    for (const bad of ['2019-10-17 00-AM', '2019-10-17 13-PM', '2019-10-17 9-AM']) {
      const text = `${COINBASE}\r\n${bad},BTCUSD,1,2,0.5,1,1,1`;
      const { name, detail } = errorOf(() => parseCandleCsv(text, 'c.csv'));
      expect(name).toBe('BACKTEST_DATA_BAD_ROW');
      expect(detail).toContain('c.csv:7: bad time');
    }
    const short = `${COINBASE}\r\n2019-10-16 11-PM,BTCUSD,1,2,0.5,1`;
    expect(errorOf(() => parseCandleCsv(short, 'c.csv')).detail).toBe('c.csv:7: expected 8 fields, got 6');
  });
});
