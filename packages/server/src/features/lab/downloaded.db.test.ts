import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  backtestReportSchema,
  type LabDataSet,
  type LabDataSetGaps,
  type LabJob,
  type LabResult,
  parseCodedMessage,
} from '@balancer/core';
import {
  allocateCandles,
  type CandleTable,
  loadCandleFile,
  rangeIndices,
  sliceByIndex,
  writeCandleFile,
} from '@balancer/engine';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SHIPPED_DATA_DIR } from '../../paths.js';
import { asUser, buildReadyOpsApp, type ReadyOpsApp } from '../../testing/ready-app-ops.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { HOURLY_SET, jobReaching } from './test-support.js';

// A candle set downloaded with `npm run cli -- data download` (a .candles file in the data
// folder) is listed and replayed like a shipped file. The set here is January 2018 of the shipped
// hourly candles, written as a candle file.

/** `table` without the candles of each [from, to) index range (ascending, apart). */
function without(table: CandleTable, cuts: [number, number][]): CandleTable {
  const keep = (i: number) => cuts.every(([from, to]) => i < from || i >= to);
  const indices = Array.from({ length: table.length }, (_, i) => i).filter(keep);
  const copy = allocateCandles(indices.length);
  indices.forEach((i, k) => {
    for (const column of ['time', 'open', 'high', 'low', 'close', 'volume'] as const)
      copy[column][k] = table[column][i]!;
  });
  return { ...copy, intervalMs: table.intervalMs };
}

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
    // The same month without 3 hours of 10 January and 5 of 20 January: two gaps.
    const month = sliceByIndex(table, start, end);
    writeCandleFile(
      path.join(dataDir, 'market-data', 'gappy-btc-usd-1h.candles'),
      {
        exchange: 'file',
        symbol: 'BTC/USD',
        timeframe: '1h',
        source: `January 2018 of ${HOURLY_SET}, 8 hours cut`,
      },
      without(month, [
        [9 * 24 + 5, 9 * 24 + 8],
        [19 * 24, 19 * 24 + 5],
      ]),
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
    const report = backtestReportSchema.parse((result.body.data as LabResult).report);
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

  it("lists a set's gaps oldest first, as its missing candles count them, and refuses an unknown set", async () => {
    const sets = await ops.call({ method: 'GET', url: '/lab/data-sets', headers: asUser(2) });
    expect(sets.body.data).toContainEqual(
      expect.objectContaining({ name: 'gappy-btc-usd-1h.candles', candles: 736, missingCandles: 8 }),
    );
    const hour = 3_600_000;
    const answer = await ops.call({
      method: 'GET',
      url: '/lab/data-sets/gappy-btc-usd-1h.candles/gaps',
      headers: asUser(2),
    });
    expect(answer.body.data as LabDataSetGaps).toEqual({
      name: 'gappy-btc-usd-1h.candles',
      intervalMs: hour,
      total: 2,
      missingCandles: 8,
      gaps: [
        { afterMs: Date.UTC(2018, 0, 10, 4), beforeMs: Date.UTC(2018, 0, 10, 8), missing: 3 },
        { afterMs: Date.UTC(2018, 0, 19, 23), beforeMs: Date.UTC(2018, 0, 20, 5), missing: 5 },
      ],
    });
    const whole = await ops.call({
      method: 'GET',
      url: '/lab/data-sets/coinbase-btc-usd-1h.candles/gaps',
      headers: asUser(2),
    });
    expect(whole.body.data).toMatchObject({ total: 0, missingCandles: 0, gaps: [] });
    const unknown = await ops.call({
      method: 'GET',
      url: '/lab/data-sets/..%2Fsecrets.candles/gaps',
      headers: asUser(2),
    });
    expect(parseCodedMessage(unknown.body.error ?? '').code).toBe(5973);
    const refused = await ops.call({
      method: 'GET',
      url: '/lab/data-sets/gappy-btc-usd-1h.candles/gaps',
      headers: asUser(1),
    });
    expect(parseCodedMessage(refused.body.error ?? '').code).toBe(4002); // authority 2 needed
  }, 60_000);

  it("refuses at once, starting no job, a backtest or sweep whose range cannot hold 2 of the set's candles", async () => {
    const jobsBefore = (await ops.call({ method: 'GET', url: '/lab/jobs', headers: asUser(2) })).body
      .data as LabJob[];
    for (const [url, extra] of [
      ['/lab/backtests', {}],
      ['/lab/sweeps', { ranges: [{ parameter: 'increaseGainRequirement', from: -2, to: 0, step: 1 }] }],
    ] as const) {
      for (const [from, to] of [
        ['2019-01-01', '2019-01-31'], // after the set
        ['2018-02-01', '2018-02-01'], // the day after its last candle
        ['2017-12-01', '2017-12-31'], // before it
      ]) {
        const answer = await ops.call({
          method: 'POST',
          url,
          headers: asUser(2),
          payload: {
            dataSet: 'coinbase-btc-usd-1h.candles',
            from,
            to,
            strategy: { template: 'SCALPER' },
            ...extra,
          },
        });
        expect(parseCodedMessage(answer.body.error ?? '').code, `${url} ${from}…${to}`).toBe(5900);
        expect(answer.body.error).toContain('from 2018-01-01 to 2018-01-31');
      }
    }
    const jobsAfter = (await ops.call({ method: 'GET', url: '/lab/jobs', headers: asUser(2) })).body
      .data as LabJob[];
    expect(jobsAfter.length).toBe(jobsBefore.length);
  }, 60_000);
});
