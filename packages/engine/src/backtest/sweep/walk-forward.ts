import { CodedError } from '@balancer/core';
import { type CandleTable, rangeIndices } from '../../market-data/candle-table.js';
import type { BacktestOptions } from '../run-backtest.js';
import type { SweepMetric, SweepOptions, SweepResult, SweepRow } from './run-sweep.js';
import type { SweepPoint } from './space.js';

/** One step of a walk-forward: the settings ranked best on a window, and how they did on the next. */
export interface WalkForwardFold {
  readonly train: { readonly fromMs: number; readonly toMs: number };
  readonly test: { readonly fromMs: number; readonly toMs: number };
  /** The best row on `train` (its inSample), with the same settings on `test` (its outOfSample). */
  readonly best: SweepRow | null;
  /** Combinations ranked on this fold, and skipped (refused by the live settings). */
  readonly ranked: number;
  readonly skipped: number;
}

export interface WalkForwardResult {
  readonly metric: SweepMetric;
  readonly folds: readonly WalkForwardFold[];
}

export interface WalkForwardOptions {
  readonly base: BacktestOptions;
  readonly points: readonly SweepPoint[];
  readonly metric: SweepMetric;
  /** Folds (2…10): the period is cut into folds + 1 equal windows by candle count. */
  readonly folds: number;
  /** Called with the folds done. */
  readonly onFold?: (done: number, total: number) => void;
}

/** How a fold's sweep runs: runSweep here, or the thread pool (pool.ts). */
export type RunFold = (table: CandleTable, options: SweepOptions) => SweepResult | Promise<SweepResult>;

/**
 * Walk-forward check of a sweep: the period is cut into folds + 1 equal windows; fold i ranks
 * every combination on window i − 1 and reports the best one's figures on window i, the settings
 * never having seen it. Each fold is an ordinary split sweep over the two windows (in-sample share
 * 0.5, the split falling exactly between them), so its figures are what runSweep gives.
 */
export async function walkForward(
  table: CandleTable,
  options: WalkForwardOptions,
  runFold: RunFold,
): Promise<WalkForwardResult> {
  const { base, points, metric, folds } = options;
  if (!Number.isInteger(folds) || folds < 2 || folds > 10)
    throw new CodedError('SWEEP_INVALID', 'walk-forward wants 2…10 folds');
  const { start, end } = rangeIndices(
    table,
    base.fromMs ?? Number.NEGATIVE_INFINITY,
    base.toMs ?? Number.POSITIVE_INFINITY,
  );
  const size = Math.floor((end - start) / (folds + 1));
  if (size < 4) throw new CodedError('BACKTEST_NO_CANDLES', `${end - start} candle(s) for ${folds} folds`);
  const edge = (index: number) =>
    index >= end ? table.time[end - 1]! + table.intervalMs : table.time[index]!;
  const done: WalkForwardFold[] = [];
  for (let fold = 1; fold <= folds; fold++) {
    const from = start + (fold - 1) * size;
    const result = await runFold(table, {
      base: { ...base, fromMs: edge(from), toMs: edge(from + 2 * size) },
      points,
      metric,
      trainFraction: 0.5,
    });
    done.push({
      train: result.inSample,
      test: result.outOfSample!,
      best: result.rows[0] ?? null,
      ranked: result.rows.length,
      skipped: result.skipped,
    });
    options.onFold?.(fold, folds);
  }
  return { metric, folds: done };
}
