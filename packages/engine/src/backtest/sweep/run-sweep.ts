import {
  CodedError,
  Decimal,
  LAB_SWEEP_METRICS,
  type LabSweepFigures,
  type LabSweepResult,
  type LabSweepRow,
} from '@balancer/core';
import { type CandleTable, rangeIndices } from '../../market-data/candle-table.js';
import { type BacktestOptions, runBacktest } from '../run-backtest.js';
import { checkCombination, sweepParameter } from './parameters.js';
import type { SweepPoint } from './space.js';

/** The ranking metrics (core names them for the API's sweeps). */
export const SWEEP_METRICS = LAB_SWEEP_METRICS;
export type SweepMetric = (typeof SWEEP_METRICS)[number];

/** How one combination did on one period (the strategy alone; baselines do not depend on it). */
export type SweepFigures = LabSweepFigures;

export type SweepRow = LabSweepRow;

export interface SweepOptions {
  /** The settings every combination starts from (period, cash, fee, strategy, window…). */
  readonly base: BacktestOptions;
  readonly points: readonly SweepPoint[];
  readonly metric: SweepMetric;
  /** Share of the period to rank on (0.5…0.9); the rest checks the same settings. null: no split. */
  readonly trainFraction: number | null;
  readonly signal?: AbortSignal;
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * A sweep's result (core's: the server stores it in the sweep's report): the rows best first by
 * the metric on the in-sample period, the combinations the live settings would refuse as a whole
 * (not run), and the periods.
 */
export type SweepResult = LabSweepResult;

function figuresOf(table: CandleTable, options: BacktestOptions, fromMs: number, toMs: number): SweepFigures {
  const { outcome } = runBacktest(table, { ...options, fromMs, toMs, strategyOnly: true }).strategy;
  const start = new Decimal(options.startQuote);
  const returnPercent = new Decimal(outcome.finalEquity).minus(start).dividedBy(start).times(100).toNumber();
  return {
    finalEquity: outcome.finalEquity,
    pnl: outcome.pnl,
    returnPercent: Math.round(returnPercent * 100) / 100,
    irrPercent: outcome.irrPercent,
    maxDrawdownPercent: outcome.maxDrawdownPercent,
    returnDrawdown: Math.round((returnPercent / Math.max(outcome.maxDrawdownPercent, 0.01)) * 100) / 100,
    trades: outcome.trades.length,
  };
}

/** Negative when `a` ranks before `b`. */
function compare(metric: SweepMetric, a: SweepFigures, b: SweepFigures): number {
  switch (metric) {
    case 'final-equity':
      return new Decimal(b.finalEquity).comparedTo(a.finalEquity) ?? 0;
    case 'irr':
      return (b.irrPercent ?? Number.NEGATIVE_INFINITY) - (a.irrPercent ?? Number.NEGATIVE_INFINITY) || 0;
    case 'max-drawdown':
      return a.maxDrawdownPercent - b.maxDrawdownPercent;
    case 'return-drawdown':
      return b.returnDrawdown - a.returnDrawdown;
  }
}

/** The options of one combination (every parameter applied to the base). */
export function pointOptions(base: BacktestOptions, point: SweepPoint): BacktestOptions {
  let options = base;
  for (const [id, value] of Object.entries(point)) options = sweepParameter(id).apply(options, value);
  return options;
}

/** The sweep's periods: ranked on [fromMs, splitMs), checked on [splitMs, toMs) with a split. */
export interface SweepPeriods {
  readonly fromMs: number;
  readonly splitMs: number;
  readonly toMs: number;
  readonly split: boolean;
}

/** The periods of a sweep over `base`'s range of `table` (coded errors for a bad split or range). */
export function sweepPeriods(
  table: CandleTable,
  base: BacktestOptions,
  trainFraction: number | null,
): SweepPeriods {
  if (trainFraction !== null && !(trainFraction >= 0.5 && trainFraction <= 0.9))
    throw new CodedError('SWEEP_INVALID', 'the in-sample share must be 0.5…0.9');
  const { start, end } = rangeIndices(
    table,
    base.fromMs ?? Number.NEGATIVE_INFINITY,
    base.toMs ?? Number.POSITIVE_INFINITY,
  );
  if (end - start < 4) throw new CodedError('BACKTEST_NO_CANDLES', `${end - start} candle(s) in the range`);
  const fromMs = table.time[start]!;
  const toMs = table.time[end - 1]! + table.intervalMs;
  const splitMs =
    trainFraction === null ? toMs : table.time[start + Math.floor((end - start) * trainFraction)]!;
  return { fromMs, splitMs, toMs, split: trainFraction !== null };
}

/** One combination's row, or null when the live settings would refuse it as a whole (skipped). */
export function sweepRow(
  table: CandleTable,
  base: BacktestOptions,
  point: SweepPoint,
  periods: SweepPeriods,
): SweepRow | null {
  const combination = pointOptions(base, point);
  if (!checkCombination(combination)) return null;
  return {
    point,
    inSample: figuresOf(table, combination, periods.fromMs, periods.splitMs),
    outOfSample: periods.split ? figuresOf(table, combination, periods.splitMs, periods.toMs) : null,
  };
}

/**
 * The result from every point's row in the points' order (null: skipped): ranked by `metric` in
 * sample with a stable sort, so equal figures keep the points' order however the rows were run.
 */
export function sweepResultOf(
  metric: SweepMetric,
  rowsInOrder: readonly (SweepRow | null)[],
  periods: SweepPeriods,
): SweepResult {
  const rows = rowsInOrder.filter((row): row is SweepRow => row !== null);
  rows.sort((a, b) => compare(metric, a.inSample, b.inSample));
  return {
    metric,
    rows,
    skipped: rowsInOrder.length - rows.length,
    inSample: { fromMs: periods.fromMs, toMs: periods.splitMs },
    outOfSample: periods.split ? { fromMs: periods.splitMs, toMs: periods.toMs } : null,
  };
}

/**
 * Runs every combination on the in-sample part of the period and, with a split, the same settings
 * on the rest (so an over-fitted winner shows: its out-of-sample figures fall away), then ranks
 * them by `metric` in sample. Each run is an ordinary backtest: a row's figures are exactly what
 * runBacktest gives for those settings on that period (tested). pool.ts runs the same rows across
 * worker threads.
 */
export function runSweep(table: CandleTable, options: SweepOptions): SweepResult {
  const { base, points, metric, trainFraction } = options;
  const periods = sweepPeriods(table, base, trainFraction);
  const rows = points.map((point, index) => {
    if (options.signal?.aborted) throw new CodedError('SWEEP_CANCELLED', `${index} of ${points.length} run`);
    const row = sweepRow(table, base, point, periods);
    options.onProgress?.(index + 1, points.length);
    return row;
  });
  return sweepResultOf(metric, rows, periods);
}
