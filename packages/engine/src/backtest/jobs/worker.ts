import { parentPort, workerData } from 'node:worker_threads';
import { isCodedError } from '@balancer/core';
import { type BacktestJobRequest, runBacktestJob } from './run-job.js';
import type { FromBacktestWorker } from './thread.js';

// A backtest worker thread's entry (thread.ts starts it with the request as workerData): it posts
// `progress` messages, then `done` with the report or `failed`, and ends.
const port = parentPort;
if (port === null) throw new Error('the backtest worker runs only as a worker thread');
const post = (message: FromBacktestWorker) => port.postMessage(message);
try {
  const report = runBacktestJob(workerData as BacktestJobRequest, (fraction) =>
    post({ type: 'progress', fraction }),
  );
  post({ type: 'done', report });
} catch (error) {
  post(
    isCodedError(error)
      ? { type: 'failed', errorName: error.errorName, detail: error.detail ?? null }
      : { type: 'failed', errorName: null, detail: (error as Error)?.message ?? String(error) },
  );
}
