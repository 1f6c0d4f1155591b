import {
  closeSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  appendCandles,
  type CandleFileInfo,
  readCandleFile,
  readCandleFileEnds,
  readCandleFileHeader,
  writeCandleFile,
} from './candle-store.js';
import { type CandleTable, candleTableFrom, findGaps, sliceByIndex } from './candle-table.js';
import { loadCandleFile, loadCandleFileInTurns } from './load-candles.js';

const dir = mkdtempSync(path.join(tmpdir(), 'balancer-candle-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SHIPPED = fileURLToPath(new URL('../../../../market-data/binance-btcusdt-15m.csv.gz', import.meta.url));
const info: CandleFileInfo = { exchange: 'binance', symbol: 'BTC/USDT', timeframe: '15m', source: 'test' };

function columns(table: CandleTable) {
  return [table.time, table.open, table.high, table.low, table.close, table.volume].map((c) => Array.from(c));
}

describe('candle files', () => {
  it('give back the shipped year exactly (every float64 of every column) and its description', () => {
    const { table } = loadCandleFile(SHIPPED);
    const file = path.join(dir, 'year.candles');
    writeCandleFile(file, info, table);
    const read = readCandleFile(file);
    expect(read.header.info).toEqual(info);
    expect(read.header.rows).toBe(table.length);
    expect(read.table.intervalMs).toBe(table.intervalMs);
    expect(columns(read.table)).toEqual(columns(table));
    // 48 bytes a candle and a short header.
    expect(statSync(file).size).toBeLessThan(table.length * 48 + 256);
  });

  it('append after the last candle, and refuse candles that do not come after it', () => {
    const { table } = loadCandleFile(SHIPPED);
    const file = path.join(dir, 'appended.candles');
    writeCandleFile(file, info, sliceByIndex(table, 0, 1000));
    expect(appendCandles(file, sliceByIndex(table, 1000, 2500), table.time[999]!)).toBe(2500);
    expect(columns(readCandleFile(file).table)).toEqual(columns(sliceByIndex(table, 0, 2500)));
    expect(() => appendCandles(file, sliceByIndex(table, 2000, 2600), table.time[2499]!)).toThrow(
      /must come after/,
    );
    expect(readCandleFileHeader(file).rows).toBe(2500);
    expect(readCandleFileEnds(file)).toMatchObject({ first: table.time[0], last: table.time[2499] });
  });

  it('ignore rows written but not yet counted (a crash mid-append), and append over them', () => {
    const table = candleTableFrom([
      [0, 1, 2, 0.5, 1.5],
      [60_000, 1.5, 2, 1, 1],
      [120_000, 1, 3, 1, 2],
    ]);
    const file = path.join(dir, 'crash.candles');
    writeCandleFile(file, { ...info, timeframe: '1m' }, sliceByIndex(table, 0, 2));
    // The crash: a row's bytes on disk, the count still 2.
    const fd = openSync(file, 'a');
    writeSync(fd, Buffer.from(new Float64Array([999_999, 9, 9, 9, 9, 9]).buffer));
    closeSync(fd);
    expect(readCandleFile(file).table.length).toBe(2);
    expect(readCandleFileEnds(file)).toMatchObject({ first: 0, last: 60_000 });
    appendCandles(file, sliceByIndex(table, 2, 3), 60_000);
    expect(columns(readCandleFile(file).table)).toEqual(columns(table));
  });

  it('refuse a file that is not one, or has fewer rows than it counts, with a coded error', () => {
    const other = path.join(dir, 'other.candles');
    writeFileSync(other, 'time,open,high,low,close\n');
    expect(() => readCandleFile(other)).toThrow(/not a Balancer candle file \(no magic\)/);
    const table = candleTableFrom([
      [0, 1, 1, 1, 1],
      [60_000, 1, 1, 1, 1],
    ]);
    const cut = path.join(dir, 'cut.candles');
    writeCandleFile(cut, info, table);
    writeFileSync(cut, readFileSync(cut).subarray(0, statSync(cut).size - 8));
    expect(() => readCandleFile(cut)).toThrow(/fewer rows than counted/);
    expect(() => readCandleFile(path.join(dir, 'missing.candles'))).toThrow(/ENOENT/);
  });
});

describe('loadCandleFile on a candle set', () => {
  it('reads it like a CSV (the backtest takes either), naming its market in the provenance', async () => {
    const { table } = loadCandleFile(SHIPPED);
    const file = path.join(dir, 'binance-BTC-USDT-15m.candles');
    writeCandleFile(file, info, table);
    for (const loaded of [loadCandleFile(file), await loadCandleFileInTurns(file)]) {
      expect(columns(loaded.table)).toEqual(columns(table));
      expect(loaded.source).toMatchObject({
        name: 'binance-BTC-USDT-15m',
        layout: 'candle-file',
        known: false,
      });
      expect(loaded.source.provenance).toMatch(/binance BTC\/USDT 15m, test \(sha256 [0-9a-f]{12}…\)$/);
    }
    const empty = path.join(dir, 'empty.candles');
    writeCandleFile(empty, info, sliceByIndex(table, 0, 0));
    expect(() => loadCandleFile(empty)).toThrow(/the candle set is empty/);
  });
});

describe('findGaps', () => {
  it('reports each stretch with candles missing, and nothing for a complete series', () => {
    const minute = 60_000;
    const time = new Float64Array([0, minute, 4 * minute, 5 * minute, 7 * minute]);
    expect(findGaps(time, minute)).toEqual([
      { after: minute, before: 4 * minute, missing: 2 },
      { after: 5 * minute, before: 7 * minute, missing: 1 },
    ]);
    expect(findGaps(new Float64Array([0, minute, 2 * minute]), minute)).toEqual([]);
  });

  it('finds the shipped year complete', () => {
    const { table } = loadCandleFile(SHIPPED);
    expect(findGaps(table.time, table.intervalMs)).toEqual([]);
  });
});
