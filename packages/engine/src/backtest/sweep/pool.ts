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

/** One sweep on the pool: its rows as they come, and how it ends. */
interface PoolRun {
  readonly points: number;
  onRow(worker: Worker, index: number, row: SweepRow | null): void;
  fail(error: CodedError): void;
}

/**
 * A pool of sweep threads on the lab's worker entry (jobs/worker.ts), started once and reused by
 * one sweep after another (their JIT stays warm): runSweep across the threads. Each sweep's candle
 * table is shared (SharedArrayBuffer: never copied per combination, nor per thread), each thread
 * is handed the next combination as it finishes one, and the rows are ranked exactly as runSweep
 * ranks them (stable sort over the points' order), so the result is the same, row for row.
 * Cancelling a sweep terminates the pool.
 */
export class SweepPool {
  private readonly workers: Worker[] = [];
  private current: PoolRun | null = null;
  private closed = false;
  /** A thread failed or stopped: the pool cannot run another sweep. */
  private broken = false;

  /** Starts `threads` threads (poolSize picks how many for a sweep). */
  constructor(
    file: BacktestWorkerFile,
    readonly threads: number,
  ) {
    for (let i = 0; i < threads; i++) {
      const worker = spawnLabWorker(file, { kind: 'sweep' }, `sweep-${i + 1}`);
      worker.on('message', (message: FromSweepWorker) => {
        if (message.type === 'failed') this.current?.fail(workerFailure(message));
        else this.current?.onRow(worker, message.index, message.row);
      });
      worker.on('error', (error) => {
        this.broken = true;
        this.current?.fail(new CodedError('BACKTEST_JOB_FAILED', `a sweep thread failed: ${error.message}`));
      });
      worker.on('exit', (code) => {
        this.broken = true;
        if (!this.closed)
          this.current?.fail(
            new CodedError('BACKTEST_JOB_FAILED', `a sweep thread stopped (exit code ${code})`),
          );
      });
      this.workers.push(worker);
    }
  }

  /** True while a sweep runs. */
  get busy(): boolean {
    return this.current !== null;
  }

  /** True when the pool can take a sweep now: open, every thread alive, no sweep running. */
  get ready(): boolean {
    return !this.closed && !this.broken && this.current === null;
  }

  /**
   * Runs one sweep (one at a time). The range and the split are checked first: a bad one is a
   * coded error before any combination is sent.
   */
  run(table: CandleTable, options: Omit<SweepPoolOptions, 'threads'>): SweepPoolRun {
    if (this.closed || this.current)
      throw new CodedError('SWEEP_INVALID', 'the sweep pool is busy or closed');
    const { base, points, metric, trainFraction } = options;
    const periods = sweepPeriods(table, base, trainFraction);
    const { onProgress: _ignored, ...plainBase } = base;
    const data: SweepWorkerData = { table: sharedCandles(table), base: plainBase, points, periods };
    const rows: (SweepRow | null)[] = new Array(points.length).fill(null);
    let next = 0;
    let done = 0;
    let settle: (outcome: { result: SweepResult } | { error: CodedError }) => void = () => {};
    const result = new Promise<SweepResult>((resolve, reject) => {
      settle = (outcome) => {
        if (this.current !== run) return;
        this.current = null;
        if ('result' in outcome) resolve(outcome.result);
        else reject(outcome.error);
      };
    });
    result.catch(() => {});
    const send = (worker: Worker) => {
      if (next < points.length) worker.postMessage({ type: 'run', index: next++ } satisfies ToSweepWorker);
    };
    const run: PoolRun = {
      points: points.length,
      onRow: (worker, index, row) => {
        rows[index] = row;
        done++;
        options.onProgress?.(done, points.length);
        if (done === points.length) settle({ result: sweepResultOf(metric, rows, periods) });
        else send(worker);
      },
      fail: (error) => settle({ error }),
    };
    this.current = run;
    if (points.length === 0) settle({ result: sweepResultOf(metric, [], periods) });
    for (const worker of this.workers.slice(0, Math.min(this.workers.length, points.length))) {
      worker.postMessage({ type: 'setup', data } satisfies ToSweepWorker);
      send(worker);
    }
    return {
      result,
      cancel: async () => {
        if (this.current !== run) return;
        const stopping = this.close();
        settle({ error: new CodedError('SWEEP_CANCELLED', `${done} of ${points.length} run`) });
        await stopping;
      },
    };
  }

  /** Terminates the threads (a sweep still running is cancelled). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((worker) => worker.terminate()));
    this.current?.fail(new CodedError('SWEEP_CANCELLED', 'the sweep pool closed'));
  }
}

/**
 * One sweep on a pool of its own (min(threads, cores, combinations) threads), closed when the
 * sweep ends: the result is runSweep's, row for row (tested).
 */
export function startSweepPool(
  file: BacktestWorkerFile,
  table: CandleTable,
  options: SweepPoolOptions,
): SweepPoolRun {
  // Checked before any thread starts.
  sweepPeriods(table, options.base, options.trainFraction);
  const pool = new SweepPool(file, poolSize(options.threads, options.points.length));
  const run = pool.run(table, options);
  void run.result.then(
    () => pool.close(),
    () => pool.close(),
  );
  return run;
}
