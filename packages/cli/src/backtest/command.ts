import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodedError } from '@balancer/core/errors';
import { buildReport, loadCandleFileWhile, renderHtml, renderSummary, runBacktest } from '@balancer/engine';
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
 * summary (or the JSON report with --json) and, when asked (--out DIR, or --report for
 * backtests/<data>-<from>-<to>/), writes report.json and report.html. Returns the exit code: 0 done, 2 bad flags, 1 any
 * other failure; every failure is one line on stderr.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const args = parseBacktestArgs(argv);
    if (args.help) {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    const { options, strategySource } = resolveOptions(withCwd(args, io.cwd));
    const dataPath = args.data === undefined ? DEFAULT_DATA : path.resolve(io.cwd, args.data);
    // The file's sha256 (for the report's provenance) is hashed on another core meanwhile.
    const {
      loaded: { source },
      value: result,
    } = await loadCandleFileWhile(dataPath, args.data ?? path.relative(io.cwd, DEFAULT_DATA), (table) =>
      runBacktest(table, options),
    );
    const report = buildReport(result, options, source, strategySource);
    const outDir = reportFolder(args, io.cwd, source.name, report.data);
    // The files are the slow part of a long run (a 1 M-candle report is ~5 MB of JSON and HTML):
    // written only when asked for.
    if (outDir !== null) writeReports(outDir, JSON.stringify(report, null, 2), renderHtml(report));
    if (args.json) io.stdout(`${JSON.stringify(report)}\n`);
    else {
      const written =
        outDir === null
          ? 'Reports: not written (--report or --out DIR writes report.json and report.html)'
          : `Reports: ${path.join(outDir, 'report.json')}, report.html`;
      io.stdout(`${renderSummary(report)}\n${written}\n`);
    }
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

/** Where the reports go: --out, or the default folder with --report; null: not written. */
function reportFolder(
  args: { out?: string; report: boolean },
  cwd: string,
  name: string,
  data: { start: string; end: string },
): string | null {
  if (args.out !== undefined) return path.resolve(cwd, args.out);
  if (!args.report) return null;
  return path.resolve(cwd, 'backtests', `${name}-${data.start.slice(0, 10)}-${lastDay(data.end)}`);
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
  process.exitCode = await main(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: process.cwd(),
  });
}
