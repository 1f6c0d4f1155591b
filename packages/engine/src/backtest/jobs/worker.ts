import { parentPort, workerData } from 'node:worker_threads';
import { serveSweepRows } from '../sweep/pool-worker.js';
import { type BacktestJobRequest, runBacktestJob } from './run-job.js';
import { type FromBacktestWorker, failureMessage } from './thread.js';

// A lab worker thread's entry (thread.ts starts it with the request as workerData). A backtest
// posts `progress` messages, then `done` with the report or `failed`, and ends; a sweep pool's
// member (workerData.kind 'sweep', sweep/pool.ts) runs the combinations it is sent until stopped.
const port = parentPort;
if (port === null) throw new Error('the backtest worker runs only as a worker thread');
const post = (message: FromBacktestWorker) => port.postMessage(message);
if ((workerData as { kind?: string }).kind === 'sweep') {
  serveSweepRows(port);
} else {
  try {
    const report = runBacktestJob(workerData as BacktestJobRequest, (fraction) =>
      post({ type: 'progress', fraction }),
    );
    post({ type: 'done', report });
  } catch (error) {
    post(failureMessage(error));
  }
}
