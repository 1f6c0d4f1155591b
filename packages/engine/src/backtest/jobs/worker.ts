import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { LoadedCandles } from '../../market-data/load-candles.js';
import type { BacktestReport } from '../report/report-types.js';
import { loadSharedCandles, type SweepDataJob } from '../sweep/data-thread.js';
import { serveSweepRows } from '../sweep/pool-worker.js';
import { type BacktestJobRequest, runBacktestJob } from './run-job.js';
import { type FromLabWorker, failureMessage, type LabWorkerData } from './thread.js';

// A lab worker thread's entry (thread.ts starts it with its niceness and job as workerData). A
// backtest posts `progress` messages, then `done` with the report or `failed`, and ends; a sweep's
// data (job.kind 'sweep-data', sweep/data-thread.ts) is read and posted `done` in shared memory; a
// sweep pool's member (job.kind 'sweep', sweep/pool.ts) runs the combinations it is sent until stopped.
const port = parentPort;
if (port === null) throw new Error('the backtest worker runs only as a worker thread');
const { niceness, job } = workerData as LabWorkerData;
// On Linux setpriority(PRIO_PROCESS, 0) sets the calling thread's nice value, this one's alone.
// Lowering one's own priority is always allowed; a sandbox that refuses it leaves the thread as it is.
if (niceness > 0 && process.platform === 'linux') {
  try {
    setPriority(niceness);
  } catch {}
}
const post = (message: FromLabWorker<BacktestReport | LoadedCandles>) => port.postMessage(message);
const kind = (job as { kind?: string }).kind;
if (kind === 'sweep') {
  serveSweepRows(port);
} else {
  try {
    const value =
      kind === 'sweep-data'
        ? loadSharedCandles(job as SweepDataJob)
        : runBacktestJob(job as BacktestJobRequest, (fraction) => post({ type: 'progress', fraction }));
    post({ type: 'done', value });
  } catch (error) {
    post(failureMessage(error));
  }
}
