// Sweep benchmark (`npm run bench -- sweep`): 100 combinations (10 × 10 grid of the increase gain
// requirement and the decrease gain scale) over the shipped year of 15 m candles, ranked on the
// first 70 % and checked on the rest, against 100 plain strategy backtests of the same year in the
// same run (the bare baseline: what the sweep costs beyond the backtests themselves).
//   sweep_100_year_15m_s          wall time of the sweep on a pool of 2 worker threads (the issue's
//                                 target: ≤ 10 s on 2 cores), the pool started and warmed before
//   sweep_100_year_15m_cold_s     the pool's first sweep, its threads' start (from the sources) included
//   sweep_100_year_15m_single_s   the same sweep in this one thread (runSweep)
//   sweep_vs_backtests            the single-thread sweep ÷ the 100 plain backtests
// The pool's result is checked equal to the single thread's. Prints figures only.
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
  SweepPool,
  templateOptions,
} from '@balancer/engine';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORKER = { path: path.join(ROOT, 'packages/engine/src/backtest/jobs/worker.ts'), fromSource: true };
const { table } = loadCandleFile(path.join(ROOT, 'market-data/binance-btcusdt-15m.csv.gz'));
const base: BacktestOptions = templateOptions(
  { startQuote: '10000', feePercent: '0.1' },
  (detail) => new CodedError('SWEEP_INVALID', detail),
).options;
const points = gridPoints([
  { parameter: 'increaseGainRequirement', from: -9, to: 0, step: 1 },
  { parameter: 'decreaseGainScale', from: 0.5, to: 1.4, step: 0.1 },
]);

// Each measured twice, interleaved, the faster kept: the first runs warm the JIT up.
let plain = Number.POSITIVE_INFINITY;
let sweep = Number.POSITIVE_INFINITY;
let pooled = Number.POSITIVE_INFINITY;
let same = true;
const sweepOptions = { base, points, metric: 'return-drawdown', trainFraction: 0.7 } as const;
let started = performance.now();
const pool = new SweepPool(WORKER, 2);
await pool.run(table, sweepOptions).result;
const cold = (performance.now() - started) / 1000;
let result = runSweep(table, {
  base,
  points: points.slice(0, 1),
  metric: 'return-drawdown',
  trainFraction: 0.7,
});
for (let round = 0; round < 2; round++) {
  started = performance.now();
  for (let i = 0; i < points.length; i++) runBacktest(table, { ...base, strategyOnly: true });
  plain = Math.min(plain, (performance.now() - started) / 1000);
  started = performance.now();
  result = runSweep(table, { base, points, metric: 'return-drawdown', trainFraction: 0.7 });
  sweep = Math.min(sweep, (performance.now() - started) / 1000);
  started = performance.now();
  const fromPool = await pool.run(table, sweepOptions).result;
  pooled = Math.min(pooled, (performance.now() - started) / 1000);
  same &&= isDeepStrictEqual(fromPool, result);
}
await pool.close();
if (!same) throw new Error('the pool ranked other rows than the single thread');
process.stdout.write(
  `${points.length} combinations (${result.rows.length} run, ${result.skipped} skipped): pool of 2 ${pooled.toFixed(2)} s ` +
    `(first ${cold.toFixed(2)} s, threads' start included), ` +
    `one thread ${sweep.toFixed(2)} s, ` +
    `100 plain backtests ${plain.toFixed(2)} s\n`,
);
process.stdout.write(
  `BENCH ${JSON.stringify({
    sweep_100_year_15m_s: Number(pooled.toFixed(2)),
    sweep_100_year_15m_cold_s: Number(cold.toFixed(2)),
    sweep_100_year_15m_single_s: Number(sweep.toFixed(2)),
    sweep_vs_backtests: Number((sweep / plain).toFixed(2)),
  })}\n`,
);
