import {
  type BacktestReport,
  CodedError,
  type LabBacktestBody,
  type LabDataSet,
  type LabDataSetGaps,
  type LabDownloadBody,
  type LabJob,
  type LabLiveOriginAnswer,
  type LabResult,
  type LabResultSummary,
  type LabSweepBody,
  labAppliedNotice,
  type SessionUser,
  type StrategyConfig,
} from '@balancer/core';
import {
  type BacktestWorkerFile,
  renderHtml,
  startBacktestThread,
  type WarmSweepPool,
} from '@balancer/engine';
import type { Platform } from '../../platform/platform.js';
import type { NotificationPort } from '../../shared/notifications.js';
import type { EngineSettingsService } from '../../trading/settings.js';
import { backtestRequestOf, checkBacktestInputs } from './backtest-inputs.js';
import {
  assertRangeHasCandles,
  type DataSetFolders,
  dataSetGaps,
  describeDataSet,
  listDataSets,
  removeDataSet,
} from './data-sets.js';
import { downloading, startDownload } from './downloads.js';
import type { JobRunner } from './job-runner.js';
import type { LabJobs } from './jobs.js';
import { headlineFigures, readLiveOrigin, recordLiveOrigin } from './live-origin.js';
import { deleteLabResult, insertLabResult, listLabResults, readLabResult } from './repository.js';
import { startSweep, sweepRowStrategy } from './sweeps.js';

/** What the lab service needs besides the database. */
export interface LabDeps {
  platform: Platform;
  settings: EngineSettingsService;
  folders: DataSetFolders;
  runner: JobRunner;
  /** The jobs of every instance on the database (the routes' list, status and cancel). */
  jobs: LabJobs;
  workerFile: BacktestWorkerFile;
  appVersion: string;
  /**
   * The sweeps' threads, kept warm between jobs and released once idle (engine
   * sweep/warm-pool.ts), at most LAB_SWEEP_THREADS and the cores.
   */
  sweepPool: WarmSweepPool;
  /** The configured exchange (a download's default) and its REST base override, if any. */
  exchange: { id: string; apiUrl: string | undefined };
  /** Wall time, epoch ms. */
  now: () => number;
  /** Where an apply to the live strategy is told (docs/notifications.md). */
  notifications: NotificationPort;
  /** The quote asset's code, as the notification shows amounts. */
  quoteAsset: string;
}

/**
 * The lab (docs/backtesting.md, Backtest jobs (API)): backtests run as jobs in worker threads
 * (job-runner.ts queues them), their finished reports stored and listed, and a stored result's
 * strategy applied to the live settings through the strategy settings' own service.
 */
export class LabService {
  constructor(private readonly deps: LabDeps) {}

  get runner(): JobRunner {
    return this.deps.runner;
  }

  get jobs(): LabJobs {
    return this.deps.jobs;
  }

  /** Where the data sets are (the contract test writes a downloaded set to remove). */
  get folders(): DataSetFolders {
    return this.deps.folders;
  }

  dataSets(): Promise<LabDataSet[]> {
    return listDataSets(this.deps.folders);
  }

  /** Removes a downloaded set by its listed name, unless a download of it is under way. */
  /** A listed data set's gaps (GET /lab/data-sets/:name/gaps). */
  dataSetGaps(name: string): Promise<LabDataSetGaps> {
    return dataSetGaps(this.deps.folders, name);
  }

  removeDataSet(name: string): Promise<{ name: string }> {
    return removeDataSet(this.deps.folders, name, (set) => downloading(this.deps.runner, set));
  }

  /** Checks the inputs (coded errors, nothing queued) and queues the backtest. */
  async startBacktest(body: LabBacktestBody, user: SessionUser): Promise<LabJob> {
    const { folders, settings, runner, workerFile, platform, appVersion, now } = this.deps;
    const described = await describeDataSet(folders, body.dataSet);
    const inputs = checkBacktestInputs(body, await settings.get('strategy'));
    const request = backtestRequestOf(inputs, described.file);
    assertRangeHasCandles(described, request.options);
    return runner.submit<BacktestReport>({
      kind: 'backtest',
      inputs,
      createdBy: user.nickname,
      start: (onProgress) => {
        const thread = startBacktestThread(workerFile, request, onProgress);
        return { result: thread.report, cancel: () => thread.cancel() };
      },
      store: (report, job) =>
        insertLabResult(platform.database.db, {
          jobId: job.id,
          kind: 'backtest',
          createdAt: now(),
          createdBy: user.nickname,
          appVersion,
          dataSet: inputs.dataSet,
          dataSha256: report.data.sha256,
          inputs,
          // The report's rows, stored as the list shows them (id, label and the figures).
          outcomes: report.outcomes,
          report,
        }),
    });
  }

  /** Checks a parameter sweep (coded errors, nothing queued) and queues it (sweeps.ts). */
  startSweep(body: LabSweepBody, user: SessionUser): Promise<LabJob> {
    return startSweep(this.deps, body, user);
  }

  /** Checks a candle download (coded errors, nothing queued) and queues it (downloads.ts). */
  async startDownload(body: LabDownloadBody, user: SessionUser): Promise<LabJob> {
    return startDownload(this.deps, body, user);
  }

  results(): Promise<LabResultSummary[]> {
    return listLabResults(this.deps.platform.database.db);
  }

  async result(id: number): Promise<LabResult> {
    const found = await readLabResult(this.deps.platform.database.db, id);
    if (!found) throw new CodedError('LAB_RESULT_NOT_FOUND', String(id));
    return found;
  }

  /**
   * A stored backtest's report as the engine's self-contained HTML page (the CLI's report.html);
   * a sweep has none.
   */
  async resultHtml(id: number): Promise<string> {
    const { kind, report } = await this.result(id);
    if (kind !== 'backtest' || report.kind !== 'balancer-backtest')
      throw new CodedError('LAB_RESULT_NOT_A_BACKTEST', `result ${id} is a ${kind}`);
    return renderHtml(report);
  }

  async deleteResult(id: number): Promise<{ id: number }> {
    if (!(await deleteLabResult(this.deps.platform.database.db, id)))
      throw new CodedError('LAB_RESULT_NOT_FOUND', String(id));
    return { id };
  }

  /**
   * Replaces the live strategy with a stored result's: the same service call as PUT
   * /position/strategy, so the same checks run and the same write happens; then records where
   * the live settings came from (GET /lab/live-origin).
   */
  async applyResult(id: number, user: SessionUser): Promise<StrategyConfig> {
    const stored = await this.result(id);
    if (stored.kind === 'sweep')
      throw new CodedError('LAB_SWEEP_ROW_UNKNOWN', `result ${id} is a sweep: apply one of its rows`);
    return this.applied(stored, null, await this.deps.settings.putStrategy(stored.inputs.strategy), user);
  }

  /** Replaces the live strategy with a stored sweep's row's (by rank), as applyResult does. */
  async applySweepRow(id: number, rank: number, user: SessionUser): Promise<StrategyConfig> {
    const stored = await this.result(id);
    const saved = await this.deps.settings.putStrategy(sweepRowStrategy(stored, rank));
    return this.applied(stored, rank, saved, user);
  }

  /** The stored result the live settings came from, if any, and whether they still match. */
  async liveOrigin(): Promise<LabLiveOriginAnswer> {
    const live = await this.deps.settings.get('strategy');
    return { origin: await readLiveOrigin(this.deps.platform.database.db, live) };
  }

  private async applied(
    stored: LabResult,
    row: number | null,
    saved: StrategyConfig,
    user: SessionUser,
  ): Promise<StrategyConfig> {
    await recordLiveOrigin(this.deps.platform.database.db, {
      resultId: stored.id,
      kind: stored.kind,
      row,
      appliedAt: this.deps.now(),
      appliedBy: user.nickname,
      dataSet: stored.dataSet,
      config: saved,
      figures: headlineFigures(stored, row),
    });
    const notice = labAppliedNotice({
      resultId: stored.id,
      row,
      dataSet: stored.dataSet,
      by: user.nickname,
      strategy: saved,
      quote: this.deps.quoteAsset,
    });
    // The settings are saved: a notification that cannot be stored does not undo them.
    await this.deps.notifications.add({ sender: 'lab', ...notice }, this.deps.now()).catch(() => undefined);
    return saved;
  }
}
