import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LabDataSet, type LabJob, type LabResult, parseCodedMessage } from '@balancer/core';
import { loadCandleFile, rangeIndices, sliceByIndex, writeCandleFile } from '@balancer/engine';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SHIPPED_DATA_DIR } from '../../paths.js';
import { asUser, buildReadyOpsApp, type ReadyOpsApp } from '../../testing/ready-app-ops.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { HOURLY_SET, jobReaching } from './test-support.js';

// A candle set downloaded with `npm run cli -- data download` (a .candles file in the data
// folder) is listed and replayed like a shipped file. The set here is January 2018 of the shipped
// hourly candles, written as a candle file.

describeEachDatabase('lab backtests on a downloaded candle set', (ctx) => {
  let ops: ReadyOpsApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-lab-'));
    mkdirSync(path.join(dataDir, 'market-data'));
    const { table } = loadCandleFile(path.join(SHIPPED_DATA_DIR, HOURLY_SET));
    const { start, end } = rangeIndices(table, Date.UTC(2018, 0, 1), Date.UTC(2018, 1, 1));
    writeCandleFile(
      path.join(dataDir, 'market-data', 'coinbase-btc-usd-1h.candles'),
      { exchange: 'file', symbol: 'BTC/USD', timeframe: '1h', source: `January 2018 of ${HOURLY_SET}` },
      sliceByIndex(table, start, end),
    );
    // A partial copy: not a candle set, left out of the list (which still answers).
    writeFileSync(path.join(dataDir, 'market-data', 'broken.candles'), 'not a candle set');
    ops = await buildReadyOpsApp(ctx().handle, { config: { BALANCER_DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await ops.services.lab.runner.stop();
    await ops.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the set and runs a backtest on it', async () => {
    const sets = await ops.call({ method: 'GET', url: '/lab/data-sets', headers: asUser(2) });
    expect(sets.body.data).toContainEqual(
      expect.objectContaining({
        name: 'coinbase-btc-usd-1h.candles',
        origin: 'downloaded',
        timeframe: '1h',
        candles: 744,
        fromMs: Date.UTC(2018, 0, 1),
        toMs: Date.UTC(2018, 0, 31, 23),
        missingCandles: 0,
      }),
    );
    expect((sets.body.data as LabDataSet[]).map((set) => set.name)).not.toContain('broken.candles');
    const started = await ops.call({
      method: 'POST',
      url: '/lab/backtests',
      headers: asUser(2),
      payload: { dataSet: 'coinbase-btc-usd-1h.candles', strategy: { template: 'SCALPER' } },
    });
    const job = await jobReaching(ops, (started.body.data as LabJob).id, ['done', 'failed', 'cancelled']);
    expect(job.status).toBe('done');
    const result = await ops.call({ method: 'GET', url: `/lab/results/${job.resultId}`, headers: asUser(2) });
    const report = (result.body.data as LabResult).report as { data: { layout: string; candles: number } };
    // 31 days × 24 hourly candles, as the shipped file has them in January 2018 (no gap then).
    expect(report.data).toMatchObject({ layout: 'candle-file', candles: 744 });
    const missing = await ops.call({
      method: 'POST',
      url: '/lab/backtests',
      headers: asUser(2),
      payload: { dataSet: 'coinbase-btc-usd-1h', strategy: 'live' },
    });
    expect(parseCodedMessage(missing.body.error ?? '').code).toBe(5973);
  }, 60_000);
});
