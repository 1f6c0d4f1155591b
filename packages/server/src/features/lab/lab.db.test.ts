import {
  DEFAULT_STRATEGY_CONFIG,
  type LabJob,
  type LabResult,
  parseCodedMessage,
  STRATEGY_TEMPLATES,
  type StrategyConfig,
} from '@balancer/core';
import { runBacktestJob } from '@balancer/engine';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { SHIPPED_DATA_DIR } from '../../paths.js';
import { asUser, buildReadyOpsApp, type ReadyOpsApp } from '../../testing/ready-app-ops.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { resetTrading } from '../../trading/test-support.js';
import { backtestRequestOf, checkBacktestInputs } from './backtest-inputs.js';
import { HOURLY_SET, jobReaching, QUARTER_HOUR_SET } from './test-support.js';

const codeOf = (error: string | null) => (error === null ? null : parseCodedMessage(error).code);

/**
 * Three months of hourly candles with the Scalper template and chosen conventions (monthly
 * contributions on the 1st, 6 lot decimals, a 5-quote minimum, the periodic IRR): a few seconds
 * in a worker.
 */
const QUARTER = {
  dataSet: HOURLY_SET,
  from: '2018-01-01',
  to: '2018-03-31',
  startQuote: '5000',
  feePercent: '0.075',
  lotDecimals: 6,
  minNotional: '5',
  cadence: 'monthly',
  monthDay: 1,
  irr: 'periodic',
  strategy: { template: 'SCALPER' },
} as const;

describeEachDatabase('lab backtest jobs', (ctx) => {
  let ops: ReadyOpsApp;
  let events: LabJob[];
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
    events = [];
    ops.services.lab.runner.onChange = (job) => events.push(job);
  });

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => ops.call({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const start = (payload: object, authority: 1 | 2 | 3 = 2) =>
    call('POST', '/lab/backtests', asUser(authority), payload);
  const storedRows = async () =>
    (await ctx().handle.db.selectFrom('lab_result').select('id').execute()).length;

  it('lists the shipped data sets', async () => {
    const { body } = await call('GET', '/lab/data-sets', asUser(2));
    // The figures market-data/README.md documents for the two files.
    expect(body.data).toEqual([
      expect.objectContaining({
        name: QUARTER_HOUR_SET,
        origin: 'shipped',
        timeframe: '15m',
        candles: 34_944,
        fromMs: Date.UTC(2025, 2, 30),
        toMs: Date.UTC(2026, 2, 28, 23, 45),
        missingCandles: 0,
        provenance: expect.stringContaining('Binance'),
      }),
      expect.objectContaining({
        name: HOURLY_SET,
        origin: 'shipped',
        timeframe: '1h',
        candles: 20_111,
        fromMs: Date.UTC(2017, 6, 1, 11),
        toMs: Date.UTC(2019, 9, 17, 9),
        missingCandles: 0,
      }),
    ]);
  });

  it('runs a backtest in a worker, reports progress and stores what a direct run gives', async () => {
    const started = await start(QUARTER);
    expect(started.body.error).toBeNull();
    const job = started.body.data as LabJob;
    expect(job).toMatchObject({ kind: 'backtest', createdBy: 'user2', resultId: null });
    const done = await jobReaching(ops, job.id, ['done', 'failed', 'cancelled']);
    expect(done.status).toBe('done');
    expect(done.progress).toBe(1);

    // The stream's events: queued, running, rising progress, done.
    const mine = events.filter((event) => event.id === job.id);
    expect(mine[0]!.status).toBe('queued');
    expect(mine.at(-1)!.status).toBe('done');
    const progress = mine.filter((event) => event.status === 'running').map((event) => event.progress);
    expect(progress.length).toBeGreaterThan(10);
    expect(progress.every((value, i) => i === 0 || value > progress[i - 1]!)).toBe(true);

    const polled = await call('GET', `/lab/jobs/${job.id}`, asUser(2));
    expect(polled.body.data).toEqual(done);
    const list = await call('GET', '/lab/results', asUser(2));
    const summaries = list.body.data as LabResult[];
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({ id: done.resultId, jobId: job.id, dataSet: HOURLY_SET });
    expect(summaries[0]!.dataSha256).toMatch(/^[0-9a-f]{64}$/);

    const result = (await call('GET', `/lab/results/${done.resultId}`, asUser(2))).body.data as LabResult;
    const inputs = checkBacktestInputs(QUARTER, DEFAULT_STRATEGY_CONFIG);
    const direct = runBacktestJob(backtestRequestOf(inputs, `${SHIPPED_DATA_DIR}/${HOURLY_SET}`));
    expect(result.report).toEqual(JSON.parse(JSON.stringify(direct)));
    expect(result.inputs).toEqual(inputs);
    expect(result.outcomes.map((outcome) => outcome.id)).toEqual([
      'strategy',
      'buy-and-hold',
      'dca',
      'value-averaging',
      'value-averaging-no-sell',
    ]);
    expect(result.report).toMatchObject({
      settings: {
        startQuote: '5000',
        exchange: { feePercent: '0.075', lotDecimals: 6, minNotional: '5', minOrderBase: '0.0002' },
        // 1 January, 1 February, 1 March 2018 at 00:00: 3 dates of 5000 ÷ 3 = 1666.66.
        conventions: {
          contributions: { cadence: 'monthly', monthDay: 1, dates: 3, amount: '1666.66' },
          irr: { convention: 'periodic', periodsPerYear: 12 },
        },
      },
    });
  }, 120_000);

  it('cancels a running job and stores nothing; a second job waits for the first', async () => {
    const long = { dataSet: QUARTER_HOUR_SET, strategy: 'live' };
    const first = (await start(long)).body.data as LabJob;
    const second = (await start(long)).body.data as LabJob;
    expect(first.status).toBe('running');
    expect(second.status).toBe('queued');
    // Mid-way: sent at the first progress event (the worker has loaded the candles and replayed
    // ~2 % of them), so the replay cannot finish first.
    const midway = new Promise<Awaited<ReturnType<typeof call>>>((resolve) => {
      ops.services.lab.runner.onChange = (job) => {
        events.push(job);
        if (job.id === first.id && job.status === 'running' && job.progress > 0) {
          ops.services.lab.runner.onChange = (next) => events.push(next);
          resolve(call('POST', `/lab/jobs/${first.id}/cancel`, asUser(2)));
        }
      };
    });
    const cancelled = await midway;
    expect(events.find((job) => job.id === first.id && job.progress > 0)!.progress).toBeLessThan(0.5);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', resultId: null, error: { code: 5970 } });
    // The queue moves on: the second runs now; cancelled while running, it too stores nothing.
    await jobReaching(ops, second.id, ['running']);
    expect((await call('POST', `/lab/jobs/${second.id}/cancel`, asUser(2))).body.data).toMatchObject({
      status: 'cancelled',
    });
    const again = await call('POST', `/lab/jobs/${second.id}/cancel`, asUser(2));
    expect(codeOf(again.body.error)).toBe(5976);
    expect(await storedRows()).toBe(0);
    expect((await call('GET', '/lab/results', asUser(2))).body.data).toEqual([]);
  }, 120_000);

  it('accepts 1 running + 20 waiting of 30 jobs submitted at once, and refuses 9 with LAB_QUEUE_FULL', async () => {
    const payload = { dataSet: QUARTER_HOUR_SET, strategy: 'live' };
    // Each from its own address: the route's rate limit is not what this test is about.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        ops.call({
          method: 'POST',
          url: '/lab/backtests',
          headers: asUser(2),
          payload,
          remoteAddress: `10.31.0.${i + 1}`,
        }),
      ),
    );
    const accepted = answers.flatMap((answer) => (answer.body.success ? [answer.body.data as LabJob] : []));
    // LAB_JOB_CONCURRENCY 1 + the queue's 20.
    expect(accepted).toHaveLength(21);
    expect(answers.filter((answer) => codeOf(answer.body.error) === 5977)).toHaveLength(30 - 21);
    const open = await ctx()
      .handle.db.selectFrom('lab_job')
      .select('id')
      .where('status', 'in', ['queued', 'running'])
      .execute();
    expect(open).toHaveLength(21);
    // Cancelled from the newest, so the queue never starts another.
    for (const job of accepted.reverse()) await ops.services.lab.runner.cancel(job.id);
  }, 120_000);

  it('refuses each bad input with a coded error and queues nothing', async () => {
    const before = ops.services.lab.runner.list().length;
    const bad: Array<[object, number]> = [
      [{ ...QUARTER, dataSet: 'nope.csv.gz' }, 5973],
      [{ ...QUARTER, dataSet: '../../etc/passwd' }, 5973],
      [{ ...QUARTER, from: '2018-02-30' }, 5972],
      [{ ...QUARTER, to: 'yesterday' }, 5972],
      [{ ...QUARTER, from: '2018-04-01', to: '2018-03-01' }, 5972],
      [{ ...QUARTER, startQuote: '0' }, 5972],
      [{ ...QUARTER, startQuote: '-5' }, 5972],
      [{ ...QUARTER, feePercent: '10.5' }, 5972],
      [{ ...QUARTER, feePercent: '1e-3' }, 5972],
      [{ ...QUARTER, strategy: { template: 'YOLO' } }, 5972],
      [{ ...QUARTER, lotDecimals: 9 }, 5972],
      [{ ...QUARTER, minNotional: '-1' }, 5972],
      [{ ...QUARTER, cadence: 'hourly' }, 5972],
      [{ ...QUARTER, hour: 24 }, 5972],
      [{ ...QUARTER, baselines: ['dca', 'hodl'] }, 5972],
      [{ ...QUARTER, periodsPerYear: 0 }, 5972],
      [{ ...QUARTER, irr: 'periodic', periodsPerYear: 52.12345 }, 5972],
      [{ ...QUARTER, weekday: 'monday' }, 5934],
      [{ ...QUARTER, irr: 'xirr', periodsPerYear: 12 }, 5934],
      [{ ...QUARTER, contribution: '1' }, 5935],
      [{ ...QUARTER, hour: '3' }, 6503],
      [{ ...QUARTER, baselines: 'dca' }, 6503],
      [
        { ...QUARTER, strategy: { config: { ...STRATEGY_TEMPLATES.SCALPER, increaseAmountQuote: '1' } } },
        3500,
      ],
      [{ ...QUARTER, strategy: 'dead' }, 6503],
      [{ ...QUARTER, extra: 1 }, 6503],
      [{ ...QUARTER, dataSet: undefined }, 6503],
    ];
    for (const [payload, code] of bad) {
      expect(codeOf((await start(payload)).body.error), JSON.stringify(payload)).toBe(code);
    }
    expect(ops.services.lab.runner.list()).toHaveLength(before);
    expect(await storedRows()).toBe(0);
  });

  it('lets authority 2 run, read and delete, and 3 with a one-time code apply a result', async () => {
    expect(codeOf((await call('POST', '/lab/backtests', {}, QUARTER)).body.error)).toBe(4252);
    expect(codeOf((await start(QUARTER, 1)).body.error)).toBe(4002);
    expect(codeOf((await call('GET', '/lab/results', asUser(1))).body.error)).toBe(4002);
    const explicit: StrategyConfig = { ...STRATEGY_TEMPLATES.SWING_TRADER, increaseAmountQuote: '700' };
    const job = (await start({ ...QUARTER, strategy: { config: explicit } })).body.data as LabJob;
    const done = await jobReaching(ops, job.id, ['done', 'failed', 'cancelled']);
    expect(done.status).toBe('done');
    const apply = `/lab/results/${done.resultId}/apply`;
    expect(codeOf((await call('POST', apply, asUser(2, true))).body.error)).toBe(4002);
    expect(codeOf((await call('POST', apply, asUser(3))).body.error)).toBe(4003);
    expect(await ops.services.trading.settings.get('strategy')).toEqual(DEFAULT_STRATEGY_CONFIG);
    expect((await call('POST', apply, asUser(3, true))).body.data).toEqual(explicit);
    expect(await ops.services.trading.settings.get('strategy')).toEqual(explicit);

    expect(codeOf((await call('DELETE', `/lab/results/${done.resultId}`, asUser(1))).body.error)).toBe(4002);
    expect((await call('DELETE', `/lab/results/${done.resultId}`, asUser(2))).body.data).toEqual({
      id: done.resultId,
    });
    expect(codeOf((await call('GET', `/lab/results/${done.resultId}`, asUser(2))).body.error)).toBe(5975);
    expect(codeOf((await call('POST', apply, asUser(3, true))).body.error)).toBe(5975);
  }, 120_000);
});
