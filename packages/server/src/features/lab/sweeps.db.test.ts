import {
  DEFAULT_STRATEGY_CONFIG,
  type LabJob,
  type LabResult,
  type LabSweepInputs,
  labSweepReportSchema,
  parseCodedMessage,
} from '@balancer/core';
import { loadCandleFile, pointOptions, runSweep } from '@balancer/engine';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { SHIPPED_DATA_DIR } from '../../paths.js';
import { asUser, buildReadyOpsApp, type ReadyOpsApp } from '../../testing/ready-app-ops.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { resetTrading } from '../../trading/test-support.js';
import { backtestRequestOf } from './backtest-inputs.js';
import { sweepPointsOf } from './sweep-inputs.js';
import { HOURLY_SET, jobReaching, jobWhere, QUARTER_HOUR_SET } from './test-support.js';

const codeOf = (error: string | null) => (error === null ? null : parseCodedMessage(error).code);

/** Three months of hourly candles, 6 combinations of the Scalper template. */
const SWEEP = {
  dataSet: HOURLY_SET,
  from: '2018-01-01',
  to: '2018-03-31',
  strategy: { template: 'SCALPER' },
  ranges: [
    { parameter: 'increaseGainRequirement', from: -4, to: 0, step: 2 },
    { parameter: 'decreaseGainScale', from: 0.5, to: 1, step: 0.5 },
  ],
  metric: 'final-equity',
  trainFraction: 0.7,
} as const;

describeEachDatabase('lab sweep jobs', (ctx) => {
  let ops: ReadyOpsApp;
  beforeAll(async () => {
    ops = await buildReadyOpsApp(ctx().handle);
  });
  afterAll(async () => {
    await ops.services.lab.runner.stop();
    await ops.app.close();
  });
  beforeEach(async () => {
    await resetTrading(ctx().handle.db);
    await ctx().handle.db.deleteFrom('lab_result').execute();
    ops.services.lab.runner.onChange = () => {};
  });
  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    ops.call({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const start = (payload: object, authority: 1 | 2 | 3 = 2) =>
    call('POST', '/lab/sweeps', asUser(authority), payload);

  it('runs on the pool and stores the rows a single-thread runSweep gives; a row applies with 3 + OTP', async () => {
    const started = await start(SWEEP);
    expect(started.body.error).toBeNull();
    const job = started.body.data as LabJob;
    expect(job).toMatchObject({ kind: 'sweep', inputs: { combinations: 6, metric: 'final-equity' } });
    const done = await jobReaching(ops, job.id, ['done', 'failed', 'cancelled']);
    expect(done).toMatchObject({ status: 'done', progress: 1 });

    const result = (await call('GET', `/lab/results/${done.resultId}`, asUser(2))).body.data as LabResult;
    const inputs = result.inputs as LabSweepInputs;
    const { table, source } = loadCandleFile(`${SHIPPED_DATA_DIR}/${HOURLY_SET}`);
    const { options: base } = backtestRequestOf(inputs, '');
    const direct = runSweep(table, {
      base,
      points: sweepPointsOf(inputs),
      metric: 'final-equity',
      trainFraction: 0.7,
    });
    // The stored report as the wire contract reads it: every field of it.
    const report = labSweepReportSchema.parse(result.report);
    expect(report).toEqual(result.report);
    expect(report.rows).toEqual(JSON.parse(JSON.stringify(direct.rows)));
    expect(report).toMatchObject({
      kind: 'sweep',
      metric: 'final-equity',
      inSample: direct.inSample,
      outOfSample: direct.outOfSample,
      data: { name: HOURLY_SET, sha256: source.sha256 },
    });
    expect(result).toMatchObject({ kind: 'sweep', dataSha256: source.sha256 });
    const listed = (await call('GET', '/lab/results', asUser(2))).body.data as LabResult[];
    expect(listed[0]!.outcomes.map((row) => row.id)).toEqual(['row-0', 'row-1', 'row-2']);

    // Applying: a sweep applies by row (3 + OTP), its whole result does not.
    const row = `/lab/results/${done.resultId}/rows/1/apply`;
    expect(codeOf((await call('POST', row, asUser(2, true))).body.error)).toBe(4002);
    expect(codeOf((await call('POST', row, asUser(3))).body.error)).toBe(4003);
    const whole = `/lab/results/${done.resultId}/apply`;
    expect(codeOf((await call('POST', whole, asUser(3, true))).body.error)).toBe(5978);
    expect(
      codeOf((await call('POST', `/lab/results/${done.resultId}/rows/6/apply`, asUser(3, true))).body.error),
    ).toBe(5978);
    const applied = (await call('POST', row, asUser(3, true))).body.data;
    expect(applied).toEqual(pointOptions(base, direct.rows[1]!.point).strategy);
    expect(await ops.services.trading.settings.get('strategy')).toEqual(applied);
    expect(applied).not.toEqual(DEFAULT_STRATEGY_CONFIG);
  }, 120_000);

  it('cancels a running sweep and stores nothing', async () => {
    const long = {
      dataSet: QUARTER_HOUR_SET,
      strategy: 'live',
      ranges: [{ parameter: 'increaseGainRequirement', from: -60, to: 0, step: 1 }],
    };
    const job = (await start(long)).body.data as LabJob;
    // Mid-way: once the pool has run a combination.
    const midway = await jobWhere(ops, job.id, (seen) => seen.progress > 0);
    expect(midway.progress).toBeLessThan(1);
    const cancelled = await call('POST', `/lab/jobs/${job.id}/cancel`, asUser(2));
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', resultId: null, error: { code: 5992 } });
    expect(await ctx().handle.db.selectFrom('lab_result').select('id').execute()).toEqual([]);
  }, 60_000);

  it('refuses a window row to apply, and every bad input with a coded error, queueing nothing', async () => {
    const windowed = { ...SWEEP, ranges: [{ parameter: 'windowSize', from: 128, to: 129, step: 1 }] };
    const job = (await start(windowed)).body.data as LabJob;
    const done = await jobReaching(ops, job.id, ['done', 'failed', 'cancelled']);
    const apply = `/lab/results/${done.resultId}/rows/0/apply`;
    expect(codeOf((await call('POST', apply, asUser(3, true))).body.error)).toBe(5979);

    const before = ops.services.lab.runner.list().length;
    const range = (parameter: string, from: number, to: number, step: number) => ({
      ...SWEEP,
      ranges: [{ parameter, from, to, step }],
    });
    const bad: Array<[object, number]> = [
      [{ ...SWEEP, dataSet: 'nope.csv.gz' }, 5973],
      [{ ...SWEEP, from: '2018-02-30' }, 5972],
      [{ ...SWEEP, strategy: { template: 'YOLO' } }, 5972],
      [range('nope', 1, 2, 1), 5990],
      [range('windowSize', 64, 256, 1), 5990],
      [range('windowSize', 256, 128, 1), 5990],
      [range('increaseIdleDuration', 1, 9, 0.5), 5990],
      [{ ...SWEEP, ranges: [SWEEP.ranges[0], SWEEP.ranges[0]] }, 5990],
      [{ ...SWEEP, trainFraction: 0.95 }, 5990],
      [range('increaseIdleDuration', 1, 1000, 1), 5991],
      [{ ...SWEEP, ranges: [] }, 6503],
      [{ ...SWEEP, metric: 'luck' }, 6503],
      [{ ...SWEEP, search: { kind: 'random', count: 501, seed: 1 } }, 6503],
      [{ ...SWEEP, ranges: [{ parameter: 'windowSize', from: '128', to: 130, step: 1 }] }, 6503],
      [{ ...SWEEP, extra: 1 }, 6503],
    ];
    for (const [payload, code] of bad)
      expect(codeOf((await start(payload)).body.error), JSON.stringify(payload)).toBe(code);
    // The count's estimate is in the refusal.
    const large = await start(range('increaseIdleDuration', 1, 1000, 1));
    expect(large.body.error).toMatch(/1000 combinations \(at most 500/);
    expect(ops.services.lab.runner.list()).toHaveLength(before);
    // Authorization: a session, then authority 2.
    expect(codeOf((await call('POST', '/lab/sweeps', {}, SWEEP)).body.error)).toBe(4252);
    expect(codeOf((await start(SWEEP, 1)).body.error)).toBe(4002);
  }, 120_000);
});
