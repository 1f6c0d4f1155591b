import type { CandleTable } from '../../market-data/candle-table.js';
import type { BacktestWorkerFile } from '../jobs/thread.js';
import { poolSize, SweepPool, type SweepPoolOptions, type SweepPoolRun, startSweepPool } from './pool.js';
import { sweepPeriods } from './run-sweep.js';

/** Runs `work` after `ms` unless the returned function is called first (tests pass their own). */
export type IdleSchedule = (work: () => void, ms: number) => () => void;

/** A timer that never keeps the process alive. */
const unrefTimeout: IdleSchedule = (work, ms) => {
  const timer = setTimeout(work, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

/** How long a warm pool's threads stay after a sweep before they are released, ms. */
export const SWEEP_POOL_IDLE_MS = 5 * 60_000;

/**
 * The server's sweep threads, kept between jobs: a new thread loads the engine and warms its JIT
 * up before its first combination (~0.5 s of a core each), which a one-off pool pays on every
 * sweep. The pool starts with the first sweep and is reused by the next while it is idle; after
 * `idleMs` without a sweep its threads are terminated (the retention rule: idle threads hold
 * ~50 MB each), and the next sweep starts a new one. A sweep arriving while the warm pool is busy
 * (LAB_JOB_CONCURRENCY > 1) runs on a one-off pool; a cancelled sweep or a failed thread ends the
 * warm pool (SweepPool terminates on cancel), and the next sweep starts a new one.
 */
export class WarmSweepPool {
  private pool: SweepPool | null = null;
  private cancelIdle: (() => void) | null = null;
  /** Pools started so far (tests and the benchmark read it). */
  started = 0;

  constructor(
    private readonly file: BacktestWorkerFile,
    /** Threads at most (min(this, the cores)). */
    readonly threads: number,
    private readonly idleMs = SWEEP_POOL_IDLE_MS,
    private readonly schedule: IdleSchedule = unrefTimeout,
  ) {}

  /** True while threads are kept (between the first sweep and the idle release or `close`). */
  get warm(): boolean {
    return this.pool !== null;
  }

  /** One sweep: the result is runSweep's, row for row (pool.ts). */
  run(table: CandleTable, options: SweepPoolOptions): SweepPoolRun {
    // A bad range or split is a coded error before any thread starts.
    sweepPeriods(table, options.base, options.trainFraction);
    if (this.pool?.busy) {
      return startSweepPool(this.file, table, { ...options, threads: this.threads });
    }
    this.cancelIdle?.();
    this.cancelIdle = null;
    if (this.pool === null || !this.pool.ready) {
      void this.pool?.close();
      this.pool = new SweepPool(this.file, poolSize(this.threads, Number.MAX_SAFE_INTEGER));
      this.started++;
    }
    const pool = this.pool;
    const run = pool.run(table, options);
    const settled = () => {
      if (this.pool !== pool) return;
      if (!pool.ready) {
        this.pool = null;
        void pool.close();
        return;
      }
      this.cancelIdle = this.schedule(() => {
        this.cancelIdle = null;
        if (this.pool === pool) this.pool = null;
        void pool.close();
      }, this.idleMs);
    };
    void run.result.then(settled, settled);
    return run;
  }

  /** Terminates the threads (the platform's stop): a sweep still running is cancelled. */
  async close(): Promise<void> {
    this.cancelIdle?.();
    this.cancelIdle = null;
    const pool = this.pool;
    this.pool = null;
    await pool?.close();
  }
}
