import {
  DEFAULT_STRATEGY_CONFIG,
  type LabBacktestInputs,
  type LabJob,
  type LabSweepBody,
  type StrategyConfig,
} from '@balancer/core';
import { loadCandleFile, runBacktestJob, runSweep } from '@balancer/engine';
import { SERVER_VERSION, SHIPPED_DATA_DIR } from '../../paths.js';
import type { ReadyOpsApp } from '../../testing/ready-app-ops.js';
import { backtestRequestOf, checkBacktestInputs } from './backtest-inputs.js';
import type { NewLabResult } from './repository.js';
import { checkSweepInputs, sweepPointsOf } from './sweep-inputs.js';
import { sweepRecord } from './sweeps.js';

/** A shipped data set (market-data/): a year of hourly candles per ~9,000 rows. */
export const HOURLY_SET = 'coinbase-btcusd-1h.csv.gz';
/** The larger shipped set (15 m candles): long enough to cancel mid-way. */
export const QUARTER_HOUR_SET = 'binance-btcusdt-15m.csv.gz';

/** A week of the shipped hourly candles on the live strategy: a quick real backtest. */
export const WEEK = { dataSet: HOURLY_SET, from: '2018-01-01', to: '2018-01-07', strategy: 'live' } as const;

/**
 * WEEK run here on `live` (the live strategy), as the fields of a stored backtest result; `n`
 * (0–9) names its job.
 */
export function weekBacktestRow(live: StrategyConfig, createdAt: number): (n: number) => NewLabResult {
  const inputs = checkBacktestInputs(WEEK, live);
  const report = runBacktestJob(backtestRequestOf(inputs, `${SHIPPED_DATA_DIR}/${HOURLY_SET}`));
  return (n) => ({
    jobId: `00000000-0000-4000-8000-00000000000${n}`,
    kind: 'backtest',
    createdAt,
    createdBy: 'root',
    appVersion: SERVER_VERSION,
    dataSet: inputs.dataSet,
    dataSha256: report.data.sha256,
    inputs,
    outcomes: report.outcomes,
    report,
  });
}

/**
 * A real sweep of `body` (on the shipped hourly set) on `live`, as the fields of a stored sweep
 * result, as a finished sweep job stores it.
 */
export function sweepResultRow(
  body: LabSweepBody,
  live: StrategyConfig,
  row: Pick<NewLabResult, 'jobId' | 'createdAt' | 'createdBy'>,
): NewLabResult {
  const inputs = checkSweepInputs(body, live);
  const { table, source } = loadCandleFile(`${SHIPPED_DATA_DIR}/${HOURLY_SET}`);
  const result = runSweep(table, {
    base: backtestRequestOf(inputs, '').options,
    points: sweepPointsOf(inputs),
    metric: inputs.metric,
    trainFraction: inputs.trainFraction,
  });
  return { ...sweepRecord(inputs, result, source.sha256, SERVER_VERSION), ...row };
}

/** Checked inputs of a backtest of the whole hourly set on the default strategy. */
export const LIVE_INPUTS: LabBacktestInputs = {
  dataSet: HOURLY_SET,
  from: null,
  to: null,
  startQuote: '10000',
  feePercent: '0.1',
  strategySource: 'the live strategy settings',
  strategy: DEFAULT_STRATEGY_CONFIG,
};

/** A queued backtest job of LIVE_INPUTS by user2, as a job's row starts (tests write rows directly). */
export function queuedJob(id: string, createdAt: number): LabJob {
  return {
    id,
    kind: 'backtest',
    status: 'queued',
    progress: 0,
    createdAt,
    startedAt: null,
    finishedAt: null,
    createdBy: 'user2',
    inputs: LIVE_INPUTS,
    resultId: null,
    error: null,
  };
}

/** Polls the runner until the job reaches one of `statuses` (at most `ms`). */
export function jobReaching(
  ops: ReadyOpsApp,
  id: string,
  statuses: readonly LabJob['status'][],
  ms = 60_000,
): Promise<LabJob> {
  return jobWhere(ops, id, (job) => statuses.includes(job.status), ms);
}

/** Polls the runner until the job passes `test` (at most `ms`). */
export function jobWhere(
  ops: ReadyOpsApp,
  id: string,
  test: (job: LabJob) => boolean,
  ms = 60_000,
): Promise<LabJob> {
  return readUntil(async () => ops.services.lab.runner.get(id), test, ms);
}

/**
 * Reads the job (`read`: the runner, a route of any instance) until it passes `test` (at most `ms`),
 * every `everyMs` (a route's reads are paced so they stay inside the per-user rate limit however
 * long a loaded machine takes to show progress).
 */
export async function readUntil(
  read: () => Promise<LabJob>,
  test: (job: LabJob) => boolean,
  ms = 60_000,
  everyMs = 20,
): Promise<LabJob> {
  const until = Date.now() + ms;
  for (;;) {
    const job = await read();
    if (test(job)) return job;
    if (Date.now() > until) throw new Error(`job ${job.id} is still ${job.status} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
