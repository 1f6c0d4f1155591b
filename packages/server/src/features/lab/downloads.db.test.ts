import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LabDataSet, type LabJob, parseCodedMessage } from '@balancer/core';
import { readCandleFile } from '@balancer/engine';
import { type BinanceServer, type ServerCandle, startBinanceServer } from '@balancer/engine/testing';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { asUser, buildReadyOpsApp, type ReadyOpsApp } from '../../testing/ready-app-ops.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { jobReaching, jobWhere } from './test-support.js';

// Candle downloads as lab jobs, against the local Binance-compatible server: four days of 1 m
// candles up to now (the platform's wall clock), one stretch missing (a halt).

const MINUTE = 60_000;
const DAY = 86_400_000;
const T0 = Math.floor(Date.now() / DAY) * DAY - 3 * DAY;
const SINCE = new Date(T0).toISOString().slice(0, 10);
const SET = 'binance-BTC-USDT-1m.candles';
const codeOf = (error: string | null) => (error === null ? null : parseCodedMessage(error).code);

function candles(count: number): ServerCandle[] {
  const out: ServerCandle[] = [];
  for (let i = 0; i < count; i++) {
    if (i >= 100 && i < 110) continue;
    const price = 40_000 + (i % 89) * 1.5;
    out.push({
      openTime: T0 + i * MINUTE,
      open: price.toFixed(2),
      high: (price + 4).toFixed(2),
      low: (price - 4).toFixed(2),
      close: (price + 1).toFixed(2),
      volume: '2',
    });
  }
  return out;
}

describeEachDatabase('lab download jobs', (ctx) => {
  let ops: ReadyOpsApp;
  let server: BinanceServer;
  let dataDir: string;
  beforeAll(async () => {
    server = await startBinanceServer({});
    server.state.setCandles('BTCUSDT', '1m', candles(5 * 1440));
    dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-lab-download-'));
    ops = await buildReadyOpsApp(ctx().handle, {
      config: { BALANCER_DATA_DIR: dataDir, EXCHANGE_API_URL: `${server.url}/api/v3` },
    });
  });
  afterAll(async () => {
    await ops.services.lab.runner.stop();
    await ops.app.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    rmSync(path.join(dataDir, 'market-data', SET), { force: true });
    ops.services.lab.runner.onChange = () => {};
  });
  const start = (payload: object, authority: 1 | 2 | 3 = 2) =>
    ops.call({ method: 'POST', url: '/lab/downloads', headers: asUser(authority), payload });
  /** Candles closed by now (the halt's 10 left out): a download started later has at least these. */
  const closed = () => Math.floor((Date.now() - T0) / MINUTE) - 10;

  it('downloads through ccxt with progress events, and the set appears in /lab/data-sets', async () => {
    const events: LabJob[] = [];
    ops.services.lab.runner.onChange = (job) => events.push(job);
    // Counted before it starts: a minute that closes during the download may or may not be in it.
    const closedAtStart = closed();
    const started = await start({ timeframe: '1m', since: SINCE });
    expect(started.body.error).toBeNull();
    const job = started.body.data as LabJob;
    expect(job).toMatchObject({ kind: 'download', inputs: { exchange: 'binance', dataSet: SET } });
    const done = await jobReaching(ops, job.id, ['done', 'failed', 'cancelled']);
    expect(done).toMatchObject({ status: 'done', progress: 1, resultId: null, error: null });
    const progress = events.filter((e) => e.id === job.id && e.status === 'running').map((e) => e.progress);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.every((value, i) => i === 0 || value > progress[i - 1]!)).toBe(true);

    const sets = await ops.call({ method: 'GET', url: '/lab/data-sets', headers: asUser(2) });
    const { table, header } = readCandleFile(path.join(dataDir, 'market-data', SET));
    // The halt (10 minutes) is counted as missing, from the file's two ends and its row count.
    expect((sets.body.data as LabDataSet[]).find((set) => set.name === SET)).toMatchObject({
      origin: 'downloaded',
      timeframe: '1m',
      provenance: expect.stringContaining('binance BTC/USDT'),
      candles: table.length,
      fromMs: T0,
      toMs: table.time[table.length - 1],
      missingCandles: 10,
    });
    expect(header.info).toMatchObject({ exchange: 'binance', symbol: 'BTC/USDT', timeframe: '1m' });
    expect(table.time[0]).toBe(T0);
    // The halt stays a gap: never filled in.
    expect(table.time[100]).toBe(T0 + 110 * MINUTE);
    expect(table.length).toBeGreaterThanOrEqual(closedAtStart);
  }, 60_000);

  it('cancels mid-way (pages stored are kept) and a new download goes on from there', async () => {
    const first = (await start({ timeframe: '1m', since: SINCE })).body.data as LabJob;
    // At its first page, a second download of the same set is refused.
    await jobWhere(ops, first.id, (job) => job.progress > 0 || job.status !== 'running');
    expect(codeOf((await start({ timeframe: '1m', since: SINCE })).body.error)).toBe(5980);
    const cancelled = await ops.call({
      method: 'POST',
      url: `/lab/jobs/${first.id}/cancel`,
      headers: asUser(2),
    });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', error: { code: 5960 } });
    const kept = readCandleFile(path.join(dataDir, 'market-data', SET)).table.length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(closed());
    const closedAtStart = closed();
    const again = (await start({ timeframe: '1m', since: SINCE })).body.data as LabJob;
    expect((await jobReaching(ops, again.id, ['done', 'failed', 'cancelled'])).status).toBe('done');
    const table = readCandleFile(path.join(dataDir, 'market-data', SET)).table;
    expect(table.length).toBeGreaterThanOrEqual(closedAtStart);
    expect(new Set(table.time).size).toBe(table.length);
  }, 60_000);

  it('refuses bad input with a coded error and queues nothing; needs authority 2', async () => {
    const before = ops.services.lab.runner.list().length;
    const bad: Array<[object, number]> = [
      [{ timeframe: '1m', since: '2999-01-01' }, 5972],
      [{ timeframe: '1m', since: '2024-02-30' }, 5972],
      [{ timeframe: '7x', since: SINCE }, 5972],
      [{ timeframe: 'often', since: SINCE }, 6503],
      [{ timeframe: '1m', since: 'soon' }, 5972],
      [{ timeframe: '1m', since: SINCE, exchange: 'mtgox' }, 5972],
      [{ timeframe: '1m', since: SINCE, symbol: 'btc-usdt' }, 5972],
      [{ timeframe: '1m', since: SINCE, symbol: '../../x/y' }, 5972],
      [{ timeframe: '1m' }, 6503],
      [{ timeframe: '1m', since: SINCE, extra: true }, 6503],
      [{ timeframe: 1, since: SINCE }, 6503],
    ];
    for (const [payload, code] of bad)
      expect(codeOf((await start(payload)).body.error), JSON.stringify(payload)).toBe(code);
    expect(ops.services.lab.runner.list()).toHaveLength(before);
    expect(codeOf((await start({ timeframe: '1m', since: SINCE }, 1)).body.error)).toBe(4002);
    const anonymous = await ops.call({
      method: 'POST',
      url: '/lab/downloads',
      headers: {},
      payload: { timeframe: '1m', since: SINCE },
    });
    expect(codeOf(anonymous.body.error)).toBe(4252);
  });

  it('removes a downloaded set by its listed name only, never while its download runs; needs authority 2', async () => {
    const remove = (name: string, headers: Record<string, string> = asUser(2)) =>
      ops.call({ method: 'DELETE', url: `/lab/data-sets/${encodeURIComponent(name)}`, headers });
    const job = (await start({ timeframe: '1m', since: SINCE })).body.data as LabJob;
    await jobWhere(ops, job.id, (running) => running.progress > 0 || running.status !== 'running');
    expect(codeOf((await remove(SET)).body.error)).toBe(5963);
    await ops.call({ method: 'POST', url: `/lab/jobs/${job.id}/cancel`, headers: asUser(2) });
    const file = path.join(dataDir, 'market-data', SET);
    expect(existsSync(file)).toBe(true);
    const refused: Array<[string, Record<string, string>, number]> = [
      [SET, asUser(1), 4002],
      [SET, {}, 4252],
      ['coinbase-btcusd-1h.csv.gz', asUser(2), 5962],
      ['../market-data/binance-BTC-USDT-1m.candles', asUser(2), 5973],
      [`${file}`, asUser(2), 5973],
      ['no-such-set.candles', asUser(2), 5973],
      ['x'.repeat(201), asUser(2), 6503],
    ];
    for (const [name, headers, code] of refused)
      expect(codeOf((await remove(name, headers)).body.error), name.slice(0, 60)).toBe(code);
    expect(existsSync(file)).toBe(true);
    const removed = await remove(SET);
    expect(removed.body).toMatchObject({ success: true, data: { name: SET } });
    expect(existsSync(file)).toBe(false);
    const sets = await ops.call({ method: 'GET', url: '/lab/data-sets', headers: asUser(2) });
    expect((sets.body.data as LabDataSet[]).map((set) => set.name)).not.toContain(SET);
    expect(codeOf((await remove(SET)).body.error)).toBe(5973);
  }, 60_000);
});
