import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { CodedError } from '@balancer/core';
import type { CandleTable } from '../../market-data/candle-table.js';
import { type BacktestWorkerFile, spawnLabWorker, workerFailure } from '../jobs/thread.js';
import type { FromSweepWorker, SweepWorkerData, ToSweepWorker } from './pool-worker.js';
import {
  type SweepOptions,
  type SweepResult,
  type SweepRow,
  sweepPeriods,
  sweepResultOf,
} from './run-sweep.js';

/** A sweep running across worker threads. */
export interface SweepPoolRun {
  /** The result, identical to runSweep's; rejects with a coded error, or SWEEP_CANCELLED after `cancel`. */
  readonly result: Promise<SweepResult>;
  /** Terminates every thread (their work is dropped); `result` rejects with SWEEP_CANCELLED. */
  cancel(): Promise<void>;
}

export interface SweepPoolOptions extends Omit<SweepOptions, 'signal' | 'onProgress'> {
  /** Threads at most (the pool uses min(this, the cores, the combinations)). */
  readonly threads: number;
  readonly onProgress?: (done: number, total: number) => void;
}

/** The table's columns copied once into shared memory (a table already shared is kept as it is). */
export function sharedCandles(table: CandleTable): CandleTable {
  if (table.time.buffer instanceof SharedArrayBuffer) return table;
  const share = (column: Float64Array) => {
    const shared = new Float64Array(new SharedArrayBuffer(column.byteLength));
    shared.set(column);
    return shared;
  };
  return {
    time: share(table.time),
    open: share(table.open),
    high: share(table.high),
    low: share(table.low),
    close: share(table.close),
    volume: share(table.volume),
    length: table.length,
    intervalMs: table.intervalMs,
  };
}

/** Threads a pool of at most `wanted` uses on this machine for `points` combinations. */
export function poolSize(wanted: number, points: number): number {
  return Math.max(1, Math.min(wanted, availableParallelism(), points));
}

/**
 * runSweep across a pool of worker threads (the lab's worker entry, jobs/worker.ts): the candle
 * table is shared once (SharedArrayBuffer, never copied per combination), each thread is handed
 * the next combination as it finishes one, and the rows are ranked exactly as runSweep ranks them
 * (stable sort over the points' order), so the result is the same, row for row. The range and the
 * split are checked here first: a bad one is a coded error before any thread starts.
 */
export function startSweepPool(
  file: BacktestWorkerFile,
  table: CandleTable,
  options: SweepPoolOptions,
): SweepPoolRun {
  const { base, points, metric, trainFraction } = options;
  const periods = sweepPeriods(table, base, trainFraction);
  const { onProgress: _ignored, ...plainBase } = base;
  const data: SweepWorkerData = {
    kind: 'sweep',
    table: sharedCandles(table),
    base: plainBase,
    points,
    periods,
  };
  const rows: (SweepRow | null)[] = new Array(points.length).fill(null);
  const workers: Worker[] = [];
  let next = 0;
  let done = 0;
  let settled = false;
  let cancelled = false;
  let settle: (outcome: { result: SweepResult } | { error: CodedError }) => void = () => {};
  const result = new Promise<SweepResult>((resolve, reject) => {
    settle = (outcome) => {
      if (settled) return;
      settled = true;
      for (const worker of workers) void worker.terminate();
      if ('result' in outcome) resolve(outcome.result);
      else reject(outcome.error);
    };
  });
  result.catch(() => {});
  const send = (worker: Worker) => {
    if (next >= points.length) return;
    worker.postMessage({ type: 'run', index: next++ } satisfies ToSweepWorker);
  };
  if (points.length === 0) settle({ result: sweepResultOf(metric, [], periods) });
  for (let i = 0; i < (points.length === 0 ? 0 : poolSize(options.threads, points.length)); i++) {
    const worker = spawnLabWorker(file, data, `sweep-${i + 1}`);
    workers.push(worker);
    worker.on('message', (message: FromSweepWorker) => {
      if (settled) return;
      if (message.type === 'failed') return settle({ error: workerFailure(message) });
      rows[message.index] = message.row;
      done++;
      options.onProgress?.(done, points.length);
      if (done === points.length) settle({ result: sweepResultOf(metric, rows, periods) });
      else send(worker);
    });
    worker.on('error', (error) =>
      settle({ error: new CodedError('BACKTEST_JOB_FAILED', `a sweep thread failed: ${error.message}`) }),
    );
    worker.on('exit', (code) =>
      settle({
        error: cancelled
          ? new CodedError('SWEEP_CANCELLED', `${done} of ${points.length} run`)
          : new CodedError('BACKTEST_JOB_FAILED', `a sweep thread stopped (exit code ${code})`),
      }),
    );
    send(worker);
  }
  return {
    result,
    cancel: async () => {
      if (settled) return;
      cancelled = true;
      const stopping = workers.map((worker) => worker.terminate());
      settle({ error: new CodedError('SWEEP_CANCELLED', `${done} of ${points.length} run`) });
      await Promise.all(stopping);
    },
  };
}
