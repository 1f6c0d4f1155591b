// Sweep benchmark (`npm run bench -- sweep`): 100 combinations (10 × 10 grid of the increase gain
// requirement and the decrease gain scale) over the shipped year of 15 m candles, ranked on the
// first 70 % and checked on the rest, against 100 plain strategy backtests of the same year in the
// same run (the bare baseline: what the sweep costs beyond the backtests themselves).
//   sweep_100_cli_s               the CLI end to end in a new process (`node packages/cli/dist/main.js
//                                 sweep …`, its default threads: sweepThreadsFor), median of 5: the
//                                 path a person waits on (the target: ≤ 1.5 s on 2 cores)
//   sweep_100_cli_1_thread_s, sweep_100_cli_2_threads_s  the same with --threads 1 and 2
//   sweep_100_cli_vs_bare_process the default run ÷ a bare new process that loads the shipped year
//                                 (node + the engine's loadCandleFile, nothing swept)
//   sweep_100_year_15m_cold_s     the first sweep on a new warm pool (WarmSweepPool, the server's:
//                                 LAB_SWEEP_THREADS' default cores − 1 threads), threads' start
//                                 (from the sources) included
//   sweep_100_year_15m_s          the next sweep on that pool (the server's later lab sweeps)
//   sweep_100_year_15m_single_s   the same sweep in this one thread (runSweep), warm
//   sweep_vs_backtests            the single-thread sweep ÷ the 100 plain backtests
// The pool's result is checked equal to the single thread's. Prints figures only.
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { CodedError } from '@balancer/core';
import {
  type BacktestOptions,
  gridPoints,
  loadCandleFile,
  runBacktest,
  runSweep,
  templateOptions,
  WarmSweepPool,
} from '@balancer/engine';
import { median } from './stats.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORKER = { path: path.join(ROOT, 'packages/engine/src/backtest/jobs/worker.ts'), fromSource: true };
const DATA = path.join(ROOT, 'market-data/binance-btcusdt-15m.csv.gz');
const RUNS = 5;
const { table } = loadCandleFile(DATA);
const base: BacktestOptions = templateOptions(
  { startQuote: '10000', feePercent: '0.1' },
  (detail) => new CodedError('SWEEP_INVALID', detail),
).options;
const points = gridPoints([
  { parameter: 'increaseGainRequirement', from: -9, to: 0, step: 1 },
  { parameter: 'decreaseGainScale', from: 0.5, to: 1.4, step: 0.1 },
]);

/** Wall seconds of `args` in a new node process, median of RUNS. */
function processSeconds(args: string[]): number {
  return median(
    Array.from({ length: RUNS }, () => {
      const started = performance.now();
      execFileSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
      return (performance.now() - started) / 1000;
    }),
  );
}

// The CLI first, in new processes (nothing of this one's warm JIT helps them).
const CLI = path.join(ROOT, 'packages/cli/dist/main.js');
const SWEEP_ARGS = [
  CLI,
  'sweep',
  '--param',
  'increaseGainRequirement=-9:0:1',
  '--param',
  'decreaseGainScale=0.5:1.4:0.1',
  '--metric',
  'return-drawdown',
];
const bareProcess = processSeconds([
  '--input-type=module',
  '-e',
  `const { loadCandleFile } = await import(${JSON.stringify(path.join(ROOT, 'packages/engine/dist/index.js'))}); loadCandleFile(${JSON.stringify(DATA)});`,
]);
const cliDefault = processSeconds(SWEEP_ARGS);
const cliOne = processSeconds([...SWEEP_ARGS, '--threads', '1']);
const cliTwo = processSeconds([...SWEEP_ARGS, '--threads', '2']);

// Each measured twice, interleaved, the faster kept: the first runs warm the JIT up.
let plain = Number.POSITIVE_INFINITY;
let sweep = Number.POSITIVE_INFINITY;
let pooled = Number.POSITIVE_INFINITY;
let same = true;
const sweepOptions = { base, points, metric: 'return-drawdown', trainFraction: 0.7 } as const;
const threads = Math.max(1, availableParallelism() - 1);
let started = performance.now();
const pool = new WarmSweepPool(WORKER, threads);
await pool.run(table, { ...sweepOptions, threads }).result;
const cold = (performance.now() - started) / 1000;
let result = runSweep(table, { ...sweepOptions, points: points.slice(0, 1) });
for (let round = 0; round < 2; round++) {
  started = performance.now();
  for (let i = 0; i < points.length; i++) runBacktest(table, { ...base, strategyOnly: true });
  plain = Math.min(plain, (performance.now() - started) / 1000);
  started = performance.now();
  result = runSweep(table, sweepOptions);
  sweep = Math.min(sweep, (performance.now() - started) / 1000);
  started = performance.now();
  const fromPool = await pool.run(table, { ...sweepOptions, threads }).result;
  pooled = Math.min(pooled, (performance.now() - started) / 1000);
  same &&= isDeepStrictEqual(fromPool, result);
}
const poolsStarted = pool.started;
await pool.close();
if (!same) throw new Error('the pool ranked other rows than the single thread');
process.stdout.write(
  `${points.length} combinations (${result.rows.length} run, ${result.skipped} skipped) on ${availableParallelism()} cores\n` +
    `CLI, new process, medians of ${RUNS}: default threads ${cliDefault.toFixed(2)} s, ` +
    `--threads 1 ${cliOne.toFixed(2)} s, --threads 2 ${cliTwo.toFixed(2)} s; ` +
    `bare process loading the year ${bareProcess.toFixed(2)} s\n` +
    `warm pool of ${threads} (the server's): first sweep ${cold.toFixed(2)} s (threads' start included), ` +
    `next ${pooled.toFixed(2)} s (${poolsStarted} pool started); one warm thread ${sweep.toFixed(2)} s; ` +
    `100 plain backtests ${plain.toFixed(2)} s\n`,
);
process.stdout.write(
  `BENCH ${JSON.stringify({
    sweep_100_cli_s: Number(cliDefault.toFixed(2)),
    sweep_100_cli_1_thread_s: Number(cliOne.toFixed(2)),
    sweep_100_cli_2_threads_s: Number(cliTwo.toFixed(2)),
    sweep_100_cli_vs_bare_process: Number((cliDefault / bareProcess).toFixed(2)),
    sweep_100_year_15m_s: Number(pooled.toFixed(2)),
    sweep_100_year_15m_cold_s: Number(cold.toFixed(2)),
    sweep_100_year_15m_single_s: Number(sweep.toFixed(2)),
    sweep_vs_backtests: Number((sweep / plain).toFixed(2)),
  })}\n`,
);
