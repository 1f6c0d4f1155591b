// Not a benchmark (prints no BENCH line; run.mjs does not list it): runs the backtest benchmark's
// runBacktest repeatedly in one process, to profile where its time goes:
//   node --cpu-prof --import tsx --conditions=@balancer/source bench/backtest-profile.ts
// RUNS (default 12) runs; ONLY=strategy skips the baselines. Prints the wall and CPU medians of
// the runs after the first 3 (CPU time moves less with the shared machine's load).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBacktest } from '@balancer/engine';
import { backtestBenchInputs } from './backtest-inputs.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { table, options } = backtestBenchInputs(ROOT, 1_000_000);
const strategyOnly = process.env.ONLY === 'strategy';
const wall: number[] = [];
const cpu: number[] = [];
for (let i = 0; i < Number(process.env.RUNS ?? 12); i++) {
  const start = process.hrtime.bigint();
  const startCpu = process.cpuUsage();
  runBacktest(table, { ...options, strategyOnly });
  const used = process.cpuUsage(startCpu);
  cpu.push((used.user + used.system) / 1000);
  wall.push(Number(process.hrtime.bigint() - start) / 1e6);
}
const median = (times: number[]) => {
  const sorted = times.slice(3).sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!.toFixed(1);
};
console.log(
  `runBacktest on ${table.length} candles: wall median ${median(wall)} ms, CPU median ${median(cpu)} ms`,
);
