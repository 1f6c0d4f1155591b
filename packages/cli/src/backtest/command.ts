import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodedError } from '@balancer/core/errors';
import { buildReport, loadCandleFile, renderHtml, renderSummary, runBacktest } from '@balancer/engine';
import { parseBacktestArgs, USAGE } from './args.js';
import { failureExitCode, oneLine } from './failure.js';
import { resolveOptions } from './options.js';

/** Where the command writes and reads relative paths. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The shipped real data, used when --data is not given. */
export const DEFAULT_DATA = path.join(REPO_ROOT, 'market-data/binance-btcusdt-15m.csv.gz');

/**
 * `npm run backtest -- …` (or `npm run cli -- backtest …`): loads the candles, runs the strategy and the baselines, prints the
 * summary (or the JSON report with --json) and writes report.json and report.html to --out
 * (default backtests/<data>-<from>-<to>/). Returns the exit code: 0 done, 2 bad flags, 1 any
 * other failure; every failure is one line on stderr.
 */
export function main(argv: readonly string[], io: CliIo): number {
  try {
    const args = parseBacktestArgs(argv);
    if (args.help) {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    const { options, strategySource } = resolveOptions(withCwd(args, io.cwd));
    const dataPath = args.data === undefined ? DEFAULT_DATA : path.resolve(io.cwd, args.data);
    const { table, source } = loadCandleFile(dataPath, args.data ?? path.relative(io.cwd, DEFAULT_DATA));
    const result = runBacktest(table, options);
    const report = buildReport(result, options, source, strategySource);
    const outDir = path.resolve(
      io.cwd,
      args.out ??
        path.join(
          'backtests',
          `${source.name}-${report.data.start.slice(0, 10)}-${lastDay(report.data.end)}`,
        ),
    );
    writeReports(outDir, JSON.stringify(report, null, 2), renderHtml(report));
    if (args.json) io.stdout(`${JSON.stringify(report)}\n`);
    else io.stdout(`${renderSummary(report)}\nReports: ${path.join(outDir, 'report.json')}, report.html\n`);
    return 0;
  } catch (error) {
    io.stderr(`backtest: ${oneLine(error)}\n`);
    return failureExitCode(error);
  }
}

/** Resolves file flags against the caller's working directory. */
function withCwd<T extends { config?: string }>(args: T, cwd: string): T {
  return args.config === undefined ? args : { ...args, config: path.resolve(cwd, args.config) };
}

/** The date of the last candle's open: end (exclusive, ISO) minus 1 ms. */
function lastDay(endIso: string): string {
  return new Date(Date.parse(endIso) - 1).toISOString().slice(0, 10);
}

function writeReports(dir: string, json: string, html: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'report.json'), `${json}\n`);
    writeFileSync(path.join(dir, 'report.html'), html);
  } catch (error) {
    throw new CodedError(
      'BACKTEST_REPORT_WRITE_FAILED',
      `${dir}: ${(error as NodeJS.ErrnoException).code ?? error}`,
    );
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: process.cwd(),
  });
}
