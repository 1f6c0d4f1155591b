import { availableParallelism } from 'node:os';
import path from 'node:path';
import { CodedError, isCodedError, spansAYear } from '@balancer/core';
import {
  gridPoints,
  loadCandleFile,
  ownWorkerFile,
  randomPoints,
  runSweep,
  SWEEP_METRICS,
  type SweepFigures,
  type SweepMetric,
  type SweepOptions,
  type SweepRange,
  type SweepResult,
  startSweepPool,
  sweepThreadsFor,
  type WalkForwardResult,
  walkForward,
} from '@balancer/engine';
import { DEFAULT_DATA } from '../backtest/command.js';
import { resolveOptions } from '../backtest/options.js';
import { parseSweepArgs } from './args.js';
import { SWEEP_USAGE } from './usage.js';

export interface SweepIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
}

const invalid = (detail: string) => new CodedError('SWEEP_INVALID', detail);

function rangeOf(text: string): SweepRange {
  const match = /^([A-Za-z]+)=(-?[\d.]+):(-?[\d.]+):([\d.]+)$/.exec(text);
  if (!match) throw invalid(`--param wants ID=FROM:TO:STEP, got "${text}"`);
  return { parameter: match[1]!, from: Number(match[2]), to: Number(match[3]), step: Number(match[4]) };
}

function integerFlag(value: string | undefined, flag: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > max) throw invalid(`${flag} wants a whole number 1…${max}`);
  return n;
}

/**
 * A period's figures: equity, the return over the period on the whole capital, the IRR a year on
 * the money invested only for a period of a year or more ("<1y": never annualised), DD, fills.
 */
const cell = (figures: SweepFigures | null, periodMs: number | null) =>
  figures
    ? `${figures.finalEquity.padStart(10)} ${String(figures.returnPercent).padStart(8)} ${(spansAYear(periodMs) ? String(figures.irrPercent ?? '—') : '<1y').padStart(8)} ${String(figures.maxDrawdownPercent).padStart(6)} ${String(figures.trades).padStart(5)}`
    : '';
const lengthOf = (period: { fromMs: number; toMs: number } | null) =>
  period === null ? null : period.toMs - period.fromMs;
const HEADER = `${'equity'.padStart(10)} ${'return %'.padStart(8)} ${'IRR %/y'.padStart(8)} ${'DD %'.padStart(6)} ${'fills'.padStart(5)}`;
const LEGEND =
  'return % = over the period, on the whole capital; IRR %/y = a year, on the money invested (<1y: a period under a year, never annualised)';

function table(result: SweepResult, top: number): string {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const lines = [
    `Ranked by ${result.metric} in sample ${day(result.inSample.fromMs)} → ${day(result.inSample.toMs)}` +
      (result.outOfSample
        ? `; out of sample ${day(result.outOfSample.fromMs)} → ${day(result.outOfSample.toMs)}`
        : ''),
    `${result.rows.length} run, ${result.skipped} skipped (settings the live strategy would refuse)`,
    '',
    `${LEGEND}; in sample first, then out of sample`,
    `${'#'.padStart(3)}  ${HEADER}   ${HEADER}   settings`,
  ];
  const inMs = lengthOf(result.inSample);
  const outMs = lengthOf(result.outOfSample);
  result.rows.slice(0, top).forEach((row, index) => {
    const settings = settingsOf(row.point);
    lines.push(
      `${String(index + 1).padStart(3)}  ${cell(row.inSample, inMs)}   ${cell(row.outOfSample, outMs)}   ${settings}`,
    );
  });
  return `${lines.join('\n')}\n`;
}

function foldTable(result: WalkForwardResult): string {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const lines = [
    `Walk-forward, ${result.folds.length} folds: the best by ${result.metric} on each window, then on the next`,
    '',
    `${LEGEND}; in sample first, then the next window`,
    `${'fold'.padStart(4)}  ${'trained on'.padEnd(23)}  ${HEADER}   ${HEADER}   settings`,
  ];
  result.folds.forEach((fold, index) => {
    const settings = fold.best ? settingsOf(fold.best.point) : 'none (every combination skipped)';
    lines.push(
      `${String(index + 1).padStart(4)}  ${`${day(fold.train.fromMs)} → ${day(fold.train.toMs)}`.padEnd(23)}  ${cell(fold.best?.inSample ?? null, lengthOf(fold.train))}   ${cell(fold.best?.outOfSample ?? null, lengthOf(fold.test))}   ${settings}`,
    );
  });
  return `${lines.join('\n')}\n`;
}

const settingsOf = (point: Readonly<Record<string, number>>) =>
  Object.entries(point)
    .map(([id, value]) => `${id}=${value}`)
    .join(' ');

/**
 * `npm run cli -- sweep …`; returns the exit code (0 done, 2 bad flags, 1 any other failure).
 * `--threads N` runs the combinations on a pool of worker threads; 1 runs them here; the default
 * is sweepThreadsFor's (1 on 2 cores and for short sweeps: a fresh pool is slower there). The result is the same either way. `--walk-forward K` replaces the split by K folds.
 */
export async function sweepCommand(argv: readonly string[], io: SweepIo): Promise<number> {
  try {
    const { values } = parseSweepArgs(argv);
    if (values.help) {
      io.stdout(SWEEP_USAGE);
      return 0;
    }
    const ranges = (values.param ?? []).map(rangeOf);
    const metric = (values.metric ?? 'final-equity') as SweepMetric;
    if (!SWEEP_METRICS.includes(metric)) throw invalid(`--metric wants one of ${SWEEP_METRICS.join(', ')}`);
    const train = values.train === 'none' ? null : Number(values.train ?? 0.7);
    if (train !== null && !(train >= 0.5 && train <= 0.9)) throw invalid('--train wants 0.5…0.9 or none');
    const points =
      values.random === undefined
        ? gridPoints(ranges)
        : randomPoints(
            ranges,
            integerFlag(values.random, '--random', 0, 10_000),
            integerFlag(values.seed, '--seed', 1, 2 ** 31),
          );
    const { options } = resolveOptions({
      json: false,
      report: false,
      help: false,
      ...(values.from === undefined ? {} : { from: values.from }),
      ...(values.to === undefined ? {} : { to: values.to }),
      ...(values.fee === undefined ? {} : { fee: values.fee }),
      ...(values.quote === undefined ? {} : { quote: values.quote }),
      ...(values.template === undefined ? {} : { template: values.template }),
      ...(values.config === undefined ? {} : { config: path.resolve(io.cwd, values.config) }),
    });
    const dataPath = values.data === undefined ? DEFAULT_DATA : path.resolve(io.cwd, values.data);
    const { table: candles } = loadCandleFile(dataPath, values.data ?? path.relative(io.cwd, DEFAULT_DATA));
    const threads = integerFlag(
      values.threads,
      '--threads',
      sweepThreadsFor(availableParallelism(), points.length, candles, options),
      64,
    );
    const run = (data: typeof candles, sweep: SweepOptions) =>
      threads === 1
        ? runSweep(data, sweep)
        : startSweepPool(ownWorkerFile(), data, { ...sweep, threads }).result;
    if (values['walk-forward'] !== undefined) {
      const folds = integerFlag(values['walk-forward'], '--walk-forward', 0, 10);
      const result = await walkForward(candles, { base: options, points, metric, folds }, run);
      io.stdout(values.json ? `${JSON.stringify(result, null, 2)}\n` : foldTable(result));
      return 0;
    }
    const result = await run(candles, { base: options, points, metric, trainFraction: train });
    io.stdout(
      values.json
        ? `${JSON.stringify(result, null, 2)}\n`
        : table(result, integerFlag(values.top, '--top', 10, 10_000)),
    );
    return 0;
  } catch (error) {
    if (isCodedError(error)) {
      io.stderr(`sweep: ${error.codedMessage}\n`);
      return error.errorName === 'SWEEP_INVALID' || error.errorName === 'BACKTEST_INVALID_FLAG' ? 2 : 1;
    }
    if (error instanceof TypeError && 'code' in error) {
      io.stderr(`sweep: ${error.message}\n${SWEEP_USAGE}`);
      return 2;
    }
    throw error;
  }
}
