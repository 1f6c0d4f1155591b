import {
  CodedError,
  type LabJob,
  type LabResult,
  type LabSweepBody,
  type LabSweepInputs,
  type LabSweepReport,
  type SessionUser,
  type StrategyConfig,
  settingLabel,
} from '@balancer/core';
import {
  type LabThread,
  type LoadedCandles,
  pointOptions,
  type SweepPoolRun,
  type SweepResult,
  type SweepRow,
  startSweepDataThread,
  sweepParameter,
} from '@balancer/engine';
import { backtestRequestOf } from './backtest-inputs.js';
import { assertRangeHasCandles, describeDataSet } from './data-sets.js';
import { insertLabResult, type NewLabResult } from './repository.js';
import type { LabDeps } from './service.js';
import { checkSweepInputs, sweepPointsOf } from './sweep-inputs.js';

/** A finished sweep and the fingerprint of the data it ran on. */
interface SweepOutcome {
  readonly result: SweepResult;
  readonly dataSha256: string;
}

/** How many of the best rows the list shows (GET /lab/results: `outcomes`). */
const LISTED_ROWS = 3;

/** The row's swept values with each parameter's name in words (core's label map). */
const rowLabel = (row: SweepRow) =>
  Object.entries(row.point)
    .map(([id, value]) => `${settingLabel(id)} ${value}`)
    .join(', ');

/** What a finished sweep stores, besides its job, time and author. */
export function sweepRecord(
  inputs: LabSweepInputs,
  result: SweepResult,
  dataSha256: string,
  appVersion: string,
): Omit<NewLabResult, 'jobId' | 'createdAt' | 'createdBy'> {
  const report: LabSweepReport = {
    kind: 'sweep',
    ...result,
    ranges: inputs.ranges,
    search: inputs.search,
    trainFraction: inputs.trainFraction,
    data: { name: inputs.dataSet, sha256: dataSha256 },
    version: appVersion,
  };
  return {
    kind: 'sweep',
    appVersion,
    dataSet: inputs.dataSet,
    dataSha256,
    inputs,
    outcomes: result.rows.slice(0, LISTED_ROWS).map((row, rank) => ({
      id: `row-${rank}`,
      label: rowLabel(row),
      ...row,
    })),
    report,
  };
}

/**
 * Checks a sweep (coded errors, nothing queued) and queues it: once a slot is free the data set
 * is read in a worker thread (engine sweep/data-thread.ts: nothing of it on the main thread), its
 * table shared with the lab's warm pool of min(cores, LAB_SWEEP_THREADS) worker threads (engine
 * sweep/warm-pool.ts: kept between sweeps, released after 5 idle minutes), and the ranked rows stored with the in-sample and out-of-sample figures.
 * Cancelling terminates the threads; nothing is stored.
 */
export async function startSweep(deps: LabDeps, body: LabSweepBody, user: SessionUser): Promise<LabJob> {
  const { folders, settings, runner, workerFile, platform, appVersion, now, sweepPool } = deps;
  const described = await describeDataSet(folders, body.dataSet);
  const dataFile = described.file;
  const inputs = checkSweepInputs(body, await settings.get('strategy'));
  const { options: base } = backtestRequestOf(inputs, dataFile);
  assertRangeHasCandles(described, base);
  const points = sweepPointsOf(inputs);
  return runner.submit<SweepOutcome>({
    kind: 'sweep',
    inputs,
    createdBy: user.nickname,
    start: (onProgress) => {
      let pool: SweepPoolRun | null = null;
      let cancelled = false;
      const loading: LabThread<LoadedCandles> = startSweepDataThread(workerFile, dataFile, inputs.dataSet);
      const result = (async () => {
        const { table, source } = await loading.result;
        if (cancelled) throw new CodedError('SWEEP_CANCELLED', 'before the first combination');
        pool = sweepPool.run(table, {
          base,
          points,
          metric: inputs.metric,
          trainFraction: inputs.trainFraction,
          threads: sweepPool.threads,
          onProgress: (done, total) => onProgress(done / total),
        });
        return { result: await pool.result, dataSha256: source.sha256 };
      })();
      return {
        result,
        cancel: async () => {
          cancelled = true;
          await loading.cancel();
          await (pool as SweepPoolRun | null)?.cancel();
          await result.catch(() => {});
        },
      };
    },
    store: ({ result, dataSha256 }, job) =>
      insertLabResult(platform.database.db, {
        ...sweepRecord(inputs, result, dataSha256, appVersion),
        jobId: job.id,
        createdAt: now(),
        createdBy: user.nickname,
      }),
  });
}

/**
 * The strategy of a stored sweep's row (by rank): the sweep's starting strategy with the row's
 * values in place. A backtest result or a rank past the rows is LAB_SWEEP_ROW_UNKNOWN; a row that
 * varies the window indicator (not part of the live strategy settings) LAB_SWEEP_ROW_NOT_APPLICABLE.
 */
export function sweepRowStrategy(stored: LabResult, rank: number): StrategyConfig {
  const { report } = stored;
  if (stored.kind !== 'sweep' || report.kind !== 'sweep')
    throw new CodedError('LAB_SWEEP_ROW_UNKNOWN', `result ${stored.id} is a ${stored.kind}`);
  const { rows } = report;
  const row = rows[rank];
  if (!row) throw new CodedError('LAB_SWEEP_ROW_UNKNOWN', `result ${stored.id} has ${rows.length} rows`);
  const window = Object.keys(row.point).filter((id) => sweepParameter(id).indicator);
  if (window.length > 0) throw new CodedError('LAB_SWEEP_ROW_NOT_APPLICABLE', window.join(', '));
  const inputs = stored.inputs as LabSweepInputs;
  const { options } = backtestRequestOf(inputs, '');
  return pointOptions(options, row.point).strategy;
}
