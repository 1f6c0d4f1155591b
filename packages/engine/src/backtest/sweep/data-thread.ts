import type { ErrorName } from '@balancer/core';
import { type LoadedCandles, loadCandleFile } from '../../market-data/load-candles.js';
import { type BacktestWorkerFile, type LabThread, startLabThread } from '../jobs/thread.js';
import { sharedCandles } from './pool.js';

/** The job of a thread that reads a sweep's data set (worker.ts). */
export interface SweepDataJob {
  readonly kind: 'sweep-data';
  /** The candle file, absolute. */
  readonly dataFile: string;
  /** How reports name it. */
  readonly dataLabel: string;
}

/** A data set as loadCandleFile reads it, its columns copied into shared memory. */
export function loadSharedCandles(job: SweepDataJob): LoadedCandles {
  const { table, source } = loadCandleFile(job.dataFile, job.dataLabel);
  return { table: sharedCandles(table), source };
}

/**
 * Reads a sweep's data set in a lab worker thread of its own: the file's read, unzip, parse and
 * hash (a downloaded set of a million candles: ~50 MB) never hold up the caller's event loop, and
 * the columns come back in shared memory (handed over, not copied) for the pool's threads.
 * Cancelling terminates the thread: `cancelled` (SWEEP_CANCELLED unless told).
 */
export function startSweepDataThread(
  file: BacktestWorkerFile,
  dataFile: string,
  dataLabel: string,
  cancelled: ErrorName = 'SWEEP_CANCELLED',
): LabThread<LoadedCandles> {
  const job: SweepDataJob = { kind: 'sweep-data', dataFile, dataLabel };
  return startLabThread<LoadedCandles>(file, job, 'sweep data', cancelled);
}
