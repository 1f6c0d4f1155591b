import { candleSetFolder, WarmSweepPool } from '@balancer/engine';
import type { Config } from '../../config/schema.js';
import type { RouteSpec } from '../../http/route-spec.js';
import type { Logger } from '../../logging/logger.js';
import { BACKTEST_WORKER_FILE, SERVER_VERSION, SHIPPED_DATA_DIR } from '../../paths.js';
import type { Platform } from '../../platform/platform.js';
import type { BackgroundTask } from '../../shared/background-task.js';
import type { ClusterBus } from '../../shared/cluster-bus.js';
import type { NotificationPort } from '../../shared/notifications.js';
import type { EngineSettingsService } from '../../trading/settings.js';
import { JobRunner } from './job-runner.js';
import { LabJobStore } from './job-store.js';
import { LabJobs } from './jobs.js';
import { labRoutes } from './routes.js';
import { LabService } from './service.js';

/** Jobs waiting at most on one instance, and finished jobs it remembers in memory. */
export const LAB_QUEUE_LIMITS = { maxQueued: 20, keepFinished: 100 } as const;

/**
 * The nice value of the lab's worker threads (backtests, sweep pools), on Linux: the lowest
 * priority, so the engine's tick, the API and the stream (the main thread) and the database's
 * thread take the CPU first whenever they want it; a lab job gets what they leave.
 */
export const LAB_WORKER_NICENESS = 19;

/**
 * The lab: backtest and sweep jobs in worker threads and candle downloads (LAB_JOB_CONCURRENCY
 * jobs at once on each instance), their rows in `lab_job` that every instance reads, their stored
 * results, and the routes. Its task fails this instance's jobs from a previous life, keeps the
 * heartbeat (jobs.ts), and cancels the jobs when the platform stops (threads terminated, nothing
 * stored; the sweeps' warm pool closed).
 */
export function labFeature(
  platform: Platform,
  config: Pick<
    Config,
    | 'BALANCER_DATA_DIR'
    | 'LAB_JOB_CONCURRENCY'
    | 'LAB_SWEEP_THREADS'
    | 'EXCHANGE'
    | 'EXCHANGE_API_URL'
    | 'QUOTE_ASSET'
  >,
  settings: EngineSettingsService,
  now: () => number,
  /** The instances' bus (its name is this instance's, in the jobs' rows). */
  bus: ClusterBus,
  logger: Logger,
  /** Where an apply to the live strategy is told (the platform's notifications). */
  notifications: NotificationPort,
): { lab: LabService; routes: RouteSpec[]; task: BackgroundTask } {
  const store = new LabJobStore(() => platform.database.db);
  const runner = new JobRunner(
    { concurrency: config.LAB_JOB_CONCURRENCY, ...LAB_QUEUE_LIMITS },
    { records: store, instance: bus.instance, now },
  );
  const jobs = new LabJobs({ store, runner, bus, now, logger: logger.child({ task: 'lab-jobs' }) });
  const workerFile = { ...BACKTEST_WORKER_FILE, niceness: LAB_WORKER_NICENESS };
  const sweepPool = new WarmSweepPool(workerFile, config.LAB_SWEEP_THREADS);
  const lab = new LabService({
    platform,
    settings,
    folders: {
      shipped: SHIPPED_DATA_DIR,
      downloaded: candleSetFolder(config.BALANCER_DATA_DIR),
    },
    runner,
    jobs,
    workerFile,
    appVersion: SERVER_VERSION,
    sweepPool,
    exchange: { id: config.EXCHANGE, apiUrl: config.EXCHANGE_API_URL },
    now,
    notifications,
    quoteAsset: config.QUOTE_ASSET,
  });
  const task = jobs.task();
  return {
    lab,
    routes: labRoutes(lab),
    // The jobs stop first (a running sweep is cancelled), then the warm pool's idle threads go.
    task: { ...task, stop: () => task.stop().then(() => sweepPool.close()) },
  };
}
