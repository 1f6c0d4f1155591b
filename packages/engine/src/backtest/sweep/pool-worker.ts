import type { MessagePort } from 'node:worker_threads';
import type { ErrorName } from '@balancer/core';
import type { CandleTable } from '../../market-data/candle-table.js';
import { failureMessage } from '../jobs/thread.js';
import type { BacktestOptions } from '../run-backtest.js';
import { type SweepPeriods, type SweepRow, sweepRow } from './run-sweep.js';
import type { SweepPoint } from './space.js';

/** What a sweep pool gives each of its threads per sweep (pool.ts): the table's arrays are shared. */
export interface SweepWorkerData {
  readonly table: CandleTable;
  readonly base: Omit<BacktestOptions, 'onProgress'>;
  readonly points: readonly SweepPoint[];
  readonly periods: SweepPeriods;
}

/** A sweep's data, then one combination at a time (by index in its `points`). */
export type ToSweepWorker = { type: 'setup'; data: SweepWorkerData } | { type: 'run'; index: number };

export type FromSweepWorker =
  | { type: 'row'; index: number; row: SweepRow | null }
  | { type: 'failed'; errorName: ErrorName | null; detail: string | null };

/** A pool member's loop: runs each combination it is sent and answers its row (null: skipped). */
export function serveSweepRows(port: MessagePort): void {
  const post = (message: FromSweepWorker) => port.postMessage(message);
  let data: SweepWorkerData | null = null;
  port.on('message', (message: ToSweepWorker) => {
    if (message.type === 'setup') {
      data = message.data;
      return;
    }
    try {
      if (data === null) throw new Error('a sweep combination before its data');
      const point = data.points[message.index]!;
      post({ type: 'row', index: message.index, row: sweepRow(data.table, data.base, point, data.periods) });
    } catch (error) {
      post(failureMessage(error));
    }
  });
}
