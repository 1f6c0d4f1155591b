import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCcxtOhlcvSource } from '../adapters/ccxt/ccxt-ohlcv.js';
import type { ServerCandle } from '../testing/binance-server/index.js';
import { type BinanceServer, startBinanceServer } from '../testing/binance-server/index.js';
import { readCandleFile } from './candle-store.js';
import { type DownloadOptions, downloadCandles } from './download.js';

const MINUTE = 60_000;
const T0 = Date.UTC(2024, 0, 1);
const dir = mkdtempSync(path.join(tmpdir(), 'balancer-download-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `count` one-minute candles from T0 (test data for the local server), minus the `missing` indices. */
function candles(count: number, missing: ReadonlySet<number> = new Set()): ServerCandle[] {
  const out: ServerCandle[] = [];
  for (let i = 0; i < count; i++) {
    if (missing.has(i)) continue;
    const price = 40_000 + (i % 97) * 1.25;
    out.push({
      openTime: T0 + i * MINUTE,
      open: price.toFixed(2),
      high: (price + 5).toFixed(2),
      low: (price - 5).toFixed(2),
      close: (price + 0.5).toFixed(2),
      volume: '1.5',
    });
  }
  return out;
}

let server: BinanceServer;
beforeEach(async () => {
  server = await startBinanceServer({ now: () => T0 + 10_000 * MINUTE });
});
afterEach(() => server.close());

let files = 0;
async function options(overrides: Partial<DownloadOptions> = {}): Promise<DownloadOptions> {
  const source = await createCcxtOhlcvSource({
    exchangeId: 'binance',
    symbol: 'BTC/USDT',
    timeframe: '1m',
    apiUrl: `${server.url}/api/v3`,
  });
  files++;
  return {
    source,
    file: path.join(dir, `d${files}.candles`),
    info: { exchange: 'binance', symbol: 'BTC/USDT', timeframe: '1m', source: 'local test server' },
    intervalMs: source.intervalMs,
    since: T0,
    now: T0 + 2_500 * MINUTE,
    ...overrides,
  };
}
const klineCalls = () => server.state.requests.filter((request) => request.path === '/api/v3/klines');

describe('downloadCandles through ccxt from the local Binance-compatible server', () => {
  it('pages through the period (1,000 a page), stores every closed candle exactly, and reports the gap', async () => {
    server.state.setCandles('BTCUSDT', '1m', candles(3_000, new Set([1_500, 1_501, 1_502])));
    const run = await options();
    const progress: number[] = [];
    const report = await downloadCandles({ ...run, onProgress: (p) => progress.push(p.added) });
    // Closed by `now` (T0 + 2,500 min): open times up to T0 + 2,499 min, 3 of them missing.
    expect(report).toMatchObject({
      added: 2_497,
      rows: 2_497,
      first: T0,
      last: T0 + 2_499 * MINUTE,
      resumed: false,
    });
    expect(report.gaps).toEqual([{ after: T0 + 1_499 * MINUTE, before: T0 + 1_503 * MINUTE, missing: 3 }]);
    expect(progress).toEqual([1_000, 2_000, 2_497]);
    const { table } = readCandleFile(run.file);
    expect(table.time[1_500]).toBe(T0 + 1_503 * MINUTE);
    expect(table.close[0]).toBe(40_000.5);
    expect(table.high[1_000]).toBe(40_000 + (1_000 % 97) * 1.25 + 5);
  });

  it('is incremental: a second run asks only after the last candle, and stores only what is new', async () => {
    server.state.setCandles('BTCUSDT', '1m', candles(3_000));
    const run = await options();
    await downloadCandles(run);
    const before = klineCalls().length;
    const again = await downloadCandles(run);
    // Up to date: not even a request.
    expect(again).toMatchObject({ added: 0, rows: 2_500, resumed: true, gaps: [] });
    expect(klineCalls().length).toBe(before);

    const later = await downloadCandles({ ...run, now: T0 + 2_900 * MINUTE });
    expect(later).toMatchObject({ added: 400, rows: 2_900, first: T0 });
    expect(klineCalls().length - before).toBe(1);
    expect(Number(klineCalls().at(-1)?.params.startTime)).toBe(T0 + 2_500 * MINUTE);
    expect(Array.from(readCandleFile(run.file).table.time.subarray(2_498, 2_502))).toEqual(
      [2_498, 2_499, 2_500, 2_501].map((i) => T0 + i * MINUTE),
    );
  });

  it('keeps the pages stored before a failure mid-way, and a new run goes on from there', async () => {
    server.state.setCandles('BTCUSDT', '1m', candles(3_000));
    const run = await options();
    // The first klines call answers; the second fails (a 502 from the exchange).
    let calls = 0;
    const flaky = {
      ...run.source,
      fetchPage: (since: number, limit: number) => {
        calls++;
        if (calls === 2) server.state.inject('/api/v3/klines', { kind: 'serverError', status: 502 });
        return run.source.fetchPage(since, limit);
      },
    };
    await expect(downloadCandles({ ...run, source: flaky })).rejects.toMatchObject({
      errorName: 'EXCHANGE_UNAVAILABLE',
    });
    expect(readCandleFile(run.file).table.length).toBe(1_000);
    const resumed = await downloadCandles(run);
    expect(resumed).toMatchObject({ added: 1_500, rows: 2_500, resumed: true, gaps: [] });
    expect(Number(klineCalls().at(-2)?.params.startTime)).toBe(T0 + 1_000 * MINUTE);
  });

  it('stops when cancelled, keeping what it stored, and refuses a file of another market', async () => {
    server.state.setCandles('BTCUSDT', '1m', candles(3_000));
    const run = await options();
    const controller = new AbortController();
    await expect(
      downloadCandles({ ...run, signal: controller.signal, onProgress: () => controller.abort() }),
    ).rejects.toMatchObject({ errorName: 'MARKET_DATA_DOWNLOAD_CANCELLED' });
    expect(readCandleFile(run.file).table.length).toBe(1_000);
    await expect(downloadCandles({ ...run, info: { ...run.info, timeframe: '15m' } })).rejects.toMatchObject({
      errorName: 'MARKET_DATA_OTHER_MARKET',
    });
  });

  it('leaves no file behind when it fails before its first page', async () => {
    server.state.setCandles('BTCUSDT', '1m', candles(3_000));
    const run = await options();
    server.state.inject('/api/v3/klines', { kind: 'serverError', status: 502 });
    await expect(downloadCandles(run)).rejects.toMatchObject({ errorName: 'EXCHANGE_UNAVAILABLE' });
    expect(existsSync(run.file)).toBe(false);
  });

  it('refuses a timeframe the exchange does not offer', async () => {
    await expect(
      createCcxtOhlcvSource({
        exchangeId: 'binance',
        symbol: 'BTC/USDT',
        timeframe: '7m',
        apiUrl: `${server.url}/api/v3`,
      }),
    ).rejects.toMatchObject({ errorName: 'EXCHANGE_CCXT_CONFIG_INVALID' });
  });
});
