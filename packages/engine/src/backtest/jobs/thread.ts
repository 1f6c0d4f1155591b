import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CodedError, type ErrorName, isCodedError } from '@balancer/core';
import type { BacktestReport } from '../report/report-types.js';
import type { BacktestJobRequest } from './run-job.js';

/** What a lab worker running one job posts (worker.ts): a backtest's progress, then its value. */
export type FromLabWorker<T> =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; value: T }
  | { type: 'failed'; errorName: ErrorName | null; detail: string | null };

/**
 * Where the worker's entry is (the built worker.js, or worker.ts when running from the sources),
 * and how its threads run.
 */
export interface BacktestWorkerFile {
  path: string;
  /** True for a .ts entry: the thread registers tsx's loader before importing it (dev tools only). */
  fromSource: boolean;
  /**
   * The threads' nice value, 0 (the default) to 19: the higher, the sooner a thread gives the CPU
   * up to the process's other threads and to other processes. Applied on Linux only, where each
   * thread has its own (elsewhere it would lower the whole process). The server's lab uses
   * LAB_WORKER_NICENESS so that the engine, the API and the stream come first.
   */
  niceness?: number;
}

/** What a lab worker thread is started with (worker.ts): its nice value and its job. */
export interface LabWorkerData {
  niceness: number;
  job: unknown;
}

/** A running backtest thread. */
export interface BacktestThread {
  /** The report; rejects with the job's coded error, or BACKTEST_JOB_CANCELLED after `cancel`. */
  readonly report: Promise<BacktestReport>;
  /** Terminates the thread (its work is dropped); `report` rejects with BACKTEST_JOB_CANCELLED. */
  cancel(): Promise<void>;
}

/** One job running in a lab worker thread of its own. */
export interface LabThread<T> {
  /** Its value; rejects with the job's coded error, or the `cancelled` one after `cancel`. */
  readonly result: Promise<T>;
  /** Terminates the thread (its work is dropped). */
  cancel(): Promise<void>;
}

/**
 * The worker entry beside this module: the engine's build (dist/…/worker.js), or worker.ts when
 * this module runs from the sources (vitest, tsx). The CLI's sweeps use it; the server names its own.
 */
export function ownWorkerFile(): BacktestWorkerFile {
  const fromSource = import.meta.url.endsWith('.ts');
  return {
    path: fileURLToPath(new URL(fromSource ? './worker.ts' : './worker.js', import.meta.url)),
    fromSource,
  };
}

/**
 * The worker's entry. From the TypeScript sources (vitest, tsx) a two-line bootstrap registers
 * tsx's loader in the new thread, then imports worker.ts (Node 20 does not apply a worker's
 * `--import` to its entry module), as the embedded database's thread does.
 */
function workerEntry(file: BacktestWorkerFile): { entry: URL | string; evaluate: boolean } {
  if (!file.fromSource) return { entry: pathToFileURL(file.path), evaluate: false };
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const worker = JSON.stringify(pathToFileURL(file.path).href);
  return {
    entry: `import(${tsx}).then((tsx) => { tsx.register(); return import(${worker}); });`,
    evaluate: true,
  };
}

/**
 * Starts a lab worker thread on `file` (worker.ts: a backtest, or a sweep pool's member when
 * `job.kind` is 'sweep'), from the build or from the sources, at the file's niceness.
 */
export function spawnLabWorker(file: BacktestWorkerFile, job: unknown, name: string): Worker {
  const { entry, evaluate } = workerEntry(file);
  return new Worker(entry, {
    eval: evaluate,
    workerData: { niceness: file.niceness ?? 0, job } satisfies LabWorkerData,
    name,
    // From the sources the workspace packages are read as TypeScript too (their exports' condition).
    ...(file.fromSource ? { execArgv: [...process.execArgv, '--conditions=@balancer/source'] } : {}),
  });
}

/** A worker's `failed` message for what it caught (a coded error keeps its name). */
export function failureMessage(error: unknown): {
  type: 'failed';
  errorName: ErrorName | null;
  detail: string | null;
} {
  return isCodedError(error)
    ? { type: 'failed', errorName: error.errorName, detail: error.detail ?? null }
    : { type: 'failed', errorName: null, detail: (error as Error)?.message ?? String(error) };
}

/** The coded error a worker's `failed` message stands for. */
export function workerFailure(message: { errorName: ErrorName | null; detail: string | null }): CodedError {
  return message.errorName === null
    ? new CodedError('BACKTEST_JOB_FAILED', message.detail ?? undefined)
    : new CodedError(message.errorName, message.detail ?? undefined);
}

/**
 * Runs one job in a lab worker thread of its own (`job` as worker.ts reads it) until it posts its
 * value or its failure; `onProgress` gets the fractions it posts. A thread that errs or stops
 * first fails with BACKTEST_JOB_FAILED, or with `cancelled` after `cancel`.
 */
export function startLabThread<T>(
  file: BacktestWorkerFile,
  job: unknown,
  name: string,
  cancelled: ErrorName,
  onProgress: (fraction: number) => void = () => {},
): LabThread<T> {
  const worker = spawnLabWorker(file, job, name);
  let stopping = false;
  let settled = false;
  const result = new Promise<T>((resolve, reject) => {
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    worker.on('message', (message: FromLabWorker<T>) => {
      if (message.type === 'progress') {
        if (!settled) onProgress(message.fraction);
      } else if (message.type === 'done') {
        settle(() => resolve(message.value));
      } else {
        const error = workerFailure(message);
        settle(() => reject(error));
      }
    });
    worker.on('error', (error) =>
      settle(() =>
        reject(new CodedError('BACKTEST_JOB_FAILED', `the ${name} thread failed: ${error.message}`)),
      ),
    );
    worker.on('exit', (code) =>
      settle(() =>
        reject(
          stopping
            ? new CodedError(cancelled)
            : new CodedError('BACKTEST_JOB_FAILED', `the ${name} thread stopped (exit code ${code})`),
        ),
      ),
    );
  });
  // The caller may only read `result` later (or never, after a cancel).
  result.catch(() => {});
  return {
    result,
    cancel: async () => {
      if (settled) return;
      stopping = true;
      await worker.terminate();
    },
  };
}

/**
 * Runs one backtest in its own worker thread: the candles are loaded and replayed there, so the
 * caller's event loop (the API, the stream, the live engine) never waits on it. `onProgress`
 * gets the fraction done (0–1) about every 2 % of the replay.
 */
export function startBacktestThread(
  file: BacktestWorkerFile,
  request: BacktestJobRequest,
  onProgress: (fraction: number) => void,
): BacktestThread {
  const thread = startLabThread<BacktestReport>(
    file,
    request,
    'backtest',
    'BACKTEST_JOB_CANCELLED',
    onProgress,
  );
  return { report: thread.result, cancel: () => thread.cancel() };
}
