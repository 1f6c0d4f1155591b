// Backtest benchmark (`npm run bench -- backtest`): replays ≥ 1,000,000 candles built from the real
// Binance year and compares the time with a bare loop over the same arrays, with the backtester
// of an earlier commit on the same candles in the same run, and end to end from a candle file.
// Prints figures only (medians). Old and new code are timed in child processes of this script
// (one engine per process, so neither shares warmed-up or deoptimised library code with the
// other), alternately, on the same candles, and must give the same result digest:
//   backtest_candles_per_s          runBacktest (strategy + baselines) on ≥ 1 M candles
//   backtest_vs_bare_loop           that time ÷ a bare loop reading the same arrays
//   backtest_speedup_vs_previous    the previous commit's runBacktest time ÷ this one's (null
//                                   when that commit is not in the clone: "previous: unavailable")
//   backtest_end_to_end_candles_per_s  readCandleFile of a 1 M-candle .candles file + runBacktest
//   backtest_cold_vs_bare_loop      runBacktest on a copy of the candles this process has not seen
//                                   (a new buffer: nothing cached for it, the window scan included)
//                                   ÷ the bare loop; backtest_vs_bare_loop is the repeated run
//   backtest_cli_candles_per_s      the CLI end to end in a new process (`node packages/cli/dist/main.js
//                                   backtest --data <1 M-candle .candles file>`: start-up, read,
//                                   backtest, summary; no report files, as by default)
//   backtest_cli_vs_bare_read       that time ÷ a bare new process that reads the same file and sums
//                                   its closes (the bare read-and-parse)
//   backtest_cli_report_candles_per_s  the same with --out (report.json and report.html written)
//   backtest_cpu_speedup_vs_previous, backtest_cpu_vs_bare_loop
//                                   the same two ratios by CPU time (process.cpuUsage, user + system,
//                                   every thread of the process: the garbage collector's too), which
//                                   other processes on a loaded machine move far less than wall time
// BENCH_PREVIOUS_COMMIT picks the earlier commit (default: main before the speed work).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanWindowExtremes } from '@balancer/core';
import {
  type BacktestResult,
  type CandleTable,
  readCandleFile,
  runBacktest,
  writeCandleFile,
} from '@balancer/engine';
import { backtestBenchInputs } from './backtest-inputs.js';
import { previousEngine } from './previous-engine.js';
import { median } from './stats.mjs';

const TARGET_CANDLES = 1_000_000;
const RUNS = 5;
/** Runs before the timed ones in this process (the child processes warm up with one). */
const WARM_UP_RUNS = 3;
/** Child processes per engine for the speedup, alternating previous / current, and runs in each. */
const PAIRS = 2;
const CHILD_RUNS = 3;
const CHILD_ENGINE = process.env.BENCH_BACKTEST_ENGINE;
/** main's last commit before the backtest speed work (issue 20, part 5). */
const PREVIOUS_COMMIT = process.env.BENCH_PREVIOUS_COMMIT || '4b190be33fc806547ec55e50f56454f563b0786b';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Reads every array of every candle once, like the backtest's own loop does. */
function bareLoop(table: CandleTable): number {
  let sum = 0;
  let highest = 0;
  let lowest = Number.POSITIVE_INFINITY;
  let last = 0;
  for (let i = 0; i < table.length; i++) {
    sum += table.close[i]! - table.open[i]!;
    if (table.high[i]! > highest) highest = table.high[i]!;
    if (table.low[i]! < lowest) lowest = table.low[i]!;
    last = table.time[i]!;
  }
  return sum + highest + lowest + last;
}

/** A copy of the table in new buffers (caches keyed by buffer miss it). */
function copyTable(from: CandleTable): CandleTable {
  return {
    ...from,
    time: from.time.slice(),
    open: from.open.slice(),
    high: from.high.slice(),
    low: from.low.slice(),
    close: from.close.slice(),
    volume: from.volume.slice(),
  };
}

/**
 * The bare read-and-parse, run as a new process: read the file and sum the doubles of its
 * rows (a .candles file: a header of H bytes, H at byte 8, then the candles as float64s, candle-store.ts).
 */
const BARE_READ = `const b = require('node:fs').readFileSync(process.argv[1]);
const h = b.readUInt32LE(8);
const f = new Float64Array(b.buffer, b.byteOffset + h, Math.floor((b.length - h) / 8));
let s = 0; for (let i = 0; i < f.length; i++) s += f[i];
if (Number.isNaN(s) && s === 1) console.log(s);`;

function timeMs(work: () => unknown): number {
  const start = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** CPU time of `work` (user + system, every thread of this process), ms. */
function cpuMs(work: () => unknown): number {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function medianOf(runs: number, work: () => unknown, measure = timeMs): number {
  return median(Array.from({ length: runs }, () => measure(work)));
}

/** sha256 of everything a backtest reports (fills, figures, equity samples, positions, stats). */
function digest(result: BacktestResult): string {
  const outcome = (o: BacktestResult['baselines'][number]) => ({ ...o, equity: Array.from(o.equity) });
  const { strategy } = result;
  const json = JSON.stringify({
    strategy: { ...strategy, outcome: outcome(strategy.outcome) },
    baselines: result.baselines.map(outcome),
  });
  return createHash('sha256').update(json).digest('hex');
}

const { year, table, options } = backtestBenchInputs(ROOT, TARGET_CANDLES);

/** Child mode: times one engine ('current' or a commit) and prints its times and result digest. */
async function timeEngineHere(engine: string): Promise<void> {
  let run = runBacktest;
  if (engine !== 'current') {
    const previous = await previousEngine(ROOT, engine);
    if (!previous.available) {
      console.log(`ENGINE ${JSON.stringify({ unavailable: previous.reason })}`);
      return;
    }
    run = previous.runBacktest;
  }
  const result = run(table, options);
  const times = Array.from({ length: CHILD_RUNS }, () => timeMs(() => run(table, options)));
  const cpu = Array.from({ length: CHILD_RUNS }, () => cpuMs(() => run(table, options)));
  console.log(`ENGINE ${JSON.stringify({ times, cpu, digest: digest(result) })}`);
}

type EngineTimes = { times: number[]; cpu: number[]; digest: string } | { unavailable: string };

function timeEngine(engine: string): EngineTimes {
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const child = spawnSync(tsx, ['--conditions=@balancer/source', fileURLToPath(import.meta.url)], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, BENCH_BACKTEST_ENGINE: engine },
  });
  const line = (child.stdout ?? '').split('\n').find((text) => text.startsWith('ENGINE '));
  if (!line) return { unavailable: `the ${engine} child failed: ${(child.stderr ?? '').slice(-300)}` };
  return JSON.parse(line.slice('ENGINE '.length)) as EngineTimes;
}

if (CHILD_ENGINE) {
  await timeEngineHere(CHILD_ENGINE);
  process.exit(0);
}

let sink = 0;
const bareMs = medianOf(RUNS * 3, () => {
  sink += bareLoop(table);
});
// Warm-up: the engine's functions are compiled and optimised over the first runs (the first
// one also scans the window extremes, which later runs on the same closes share).
let result = runBacktest(table, options);
for (let k = 0; k < WARM_UP_RUNS - 1; k++) result = runBacktest(table, options);
const newTimes = Array.from({ length: RUNS }, () =>
  timeMs(() => {
    result = runBacktest(table, options);
  }),
);

// Old and new code in separate processes, alternately.
const previousTimes: number[] = [];
const currentTimes: number[] = [];
const previousCpu: number[] = [];
const currentCpu: number[] = [];
let previousProblem: string | null = null;
const digests = new Set<string>([digest(result)]);
for (let pair = 0; pair < PAIRS && previousProblem === null; pair++) {
  for (const [engine, times, cpu] of [
    [PREVIOUS_COMMIT, previousTimes, previousCpu],
    ['current', currentTimes, currentCpu],
  ] as const) {
    const timed = timeEngine(engine);
    if ('unavailable' in timed) {
      previousProblem = timed.unavailable;
      break;
    }
    times.push(...timed.times);
    cpu.push(...timed.cpu);
    digests.add(timed.digest);
  }
}
const sameResults = digests.size === 1;
const backtestMs = median(newTimes);
const speedup = previousProblem === null ? median(previousTimes) / median(currentTimes) : null;
const cpuSpeedup = previousProblem === null ? median(previousCpu) / median(currentCpu) : null;
const bareCpuMs = medianOf(
  RUNS * 3,
  () => {
    sink += bareLoop(table);
  },
  cpuMs,
);
const backtestCpuMs = medianOf(RUNS, () => runBacktest(table, options), cpuMs);
const rssMb = process.resourceUsage().maxRSS / 1024;

// A table this process has not seen: a fresh copy per run (the window extremes are cached per
// candle buffer, engine backtest/strategy/window-extremes.ts), against the bare loop on that copy.
const coldTimes: number[] = [];
const coldBare: number[] = [];
for (let k = 0; k < RUNS; k++) {
  const fresh = copyTable(table);
  coldBare.push(timeMs(() => (sink += bareLoop(fresh))));
  coldTimes.push(timeMs(() => runBacktest(fresh, options)));
}
const coldMs = median(coldTimes);
const coldBareMs = median(coldBare);

// End to end as the CLI runs it on a cached candle set: read the .candles file, then backtest;
// then the CLI itself in new processes, against a bare process reading the same file.
const dir = mkdtempSync(path.join(tmpdir(), 'balancer-bench-backtest-'));
let endToEndMs: number;
let cliMs: number;
let cliReportMs: number;
let bareReadMs: number;
try {
  const file = path.join(dir, 'bench.candles');
  writeCandleFile(file, { exchange: 'file', symbol: 'BTC/USDT', timeframe: '15m', source: 'bench' }, table);
  endToEndMs = medianOf(RUNS, () => runBacktest(readCandleFile(file).table, options));
  const processMs = (args: string[]) =>
    medianOf(RUNS, () =>
      execFileSync(process.execPath, args, { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] }),
    );
  const cli = path.join(ROOT, 'packages/cli/dist/main.js');
  bareReadMs = processMs(['-e', BARE_READ, file]);
  cliMs = processMs([cli, 'backtest', '--data', file]);
  cliReportMs = processMs([cli, 'backtest', '--data', file, '--out', path.join(dir, 'report')]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// Where the time goes (printed only; the figures below are the full backtest's): the strategy's
// replay without the baselines, and the one per-candle cost no replay can skip, finding
// the candles whose window state is 2 or −2 (scanWindowExtremes, as the replay does).
const strategyMs = medianOf(RUNS, () => runBacktest(table, { ...options, strategyOnly: true }));
const extremes = new Int8Array(table.length);
let windowSink = 0;
const windowMs = medianOf(RUNS, () => {
  const { size, requirement, strongRequirement } = options.window;
  scanWindowExtremes(
    table.close,
    size - 1,
    table.length,
    size,
    requirement,
    strongRequirement,
    extremes.subarray(size - 1),
  );
  for (let i = 0; i < extremes.length; i++) windowSink += extremes[i]!;
});
const { outcome, stats } = result.strategy;

console.log(
  `candles: ${table.length} (${Math.ceil(table.length / year.length)} × the real Binance 15m year)`,
);
console.log(`bare loop: ${bareMs.toFixed(2)} ms (checksum ${sink.toFixed(0)})`);
console.log(`backtest (strategy + baselines): ${backtestMs.toFixed(1)} ms, median of ${RUNS}`);
console.log(
  speedup === null
    ? `previous: unavailable (${previousProblem})`
    : `previous (${PREVIOUS_COMMIT.slice(0, 7)}) vs current, each in its own process: ` +
        `${median(previousTimes).toFixed(1)} ms vs ${median(currentTimes).toFixed(1)} ms, ` +
        `medians of ${previousTimes.length}; same results: ${sameResults ? 'yes' : 'NO (the digests differ)'}; ` +
        `CPU ${median(previousCpu).toFixed(1)} ms vs ${median(currentCpu).toFixed(1)} ms`,
);
console.log(`CPU: backtest ${backtestCpuMs.toFixed(1)} ms, bare loop ${bareCpuMs.toFixed(2)} ms`);
console.log(`end to end (read .candles + backtest): ${endToEndMs.toFixed(1)} ms, median of ${RUNS}`);
console.log(
  `table never seen: backtest ${coldMs.toFixed(1)} ms vs bare loop ${coldBareMs.toFixed(2)} ms on it ` +
    `(${(coldMs / coldBareMs).toFixed(1)}×; the repeated run ${(backtestMs / bareMs).toFixed(1)}×)`,
);
console.log(
  `CLI in a new process: ${cliMs.toFixed(0)} ms (no report files), ${cliReportMs.toFixed(0)} ms with --out; ` +
    `bare process reading the file ${bareReadMs.toFixed(0)} ms; medians of ${RUNS}`,
);
const perCandle = (ms: number) => `${((ms * 1e6) / table.length).toFixed(0)} ns/candle`;
console.log(
  `  of which: strategy alone ${strategyMs.toFixed(1)} ms (${perCandle(strategyMs)}), ` +
    `its window scan alone ${windowMs.toFixed(1)} ms (${perCandle(windowMs)}), ` +
    `bare loop ${perCandle(bareMs)} (window checksum ${windowSink})`,
);
console.log(
  `strategy: ${outcome.buys} buys, ${outcome.sells} sells, ${result.strategy.positions.length} positions, ` +
    `${stats.crashes} crashes, ${stats.reversalEvents.length} reversal events, ${stats.decreaseChecks} decrease checks`,
);
const figures = {
  backtest_candles_per_s: Math.round(table.length / (backtestMs / 1000)),
  backtest_vs_bare_loop: Math.round((backtestMs / bareMs) * 10) / 10,
  backtest_speedup_vs_previous: speedup === null ? null : Math.round(speedup * 100) / 100,
  backtest_cpu_speedup_vs_previous: cpuSpeedup === null ? null : Math.round(cpuSpeedup * 100) / 100,
  backtest_cpu_vs_bare_loop: Math.round((backtestCpuMs / bareCpuMs) * 10) / 10,
  backtest_end_to_end_candles_per_s: Math.round(table.length / (endToEndMs / 1000)),
  backtest_cold_vs_bare_loop: Math.round((coldMs / coldBareMs) * 10) / 10,
  backtest_cli_candles_per_s: Math.round(table.length / (cliMs / 1000)),
  backtest_cli_vs_bare_read: Math.round((cliMs / bareReadMs) * 10) / 10,
  backtest_cli_report_candles_per_s: Math.round(table.length / (cliReportMs / 1000)),
  backtest_rss_mb: Math.round(rssMb),
};
console.log(`BENCH ${JSON.stringify(figures).replaceAll(',', ', ').replaceAll(':', ': ')}`);
