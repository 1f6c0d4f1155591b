// Backtest benchmark (`npm run bench -- backtest`): replays ≥ 1,000,000 candles built from the real
// Binance year and compares the time with a bare loop over the same arrays. Prints figures only.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_REVERSAL_CONFIG,
  DEFAULT_STRATEGY_CONFIG,
  increaseAmountForBudget,
  parseStrategyConfig,
  windowStatesAt,
} from '@balancer/core';
import {
  type BacktestOptions,
  type CandleTable,
  DEFAULT_BACKTEST_WINDOW,
  DEFAULT_EXCHANGE_CONFIG,
  DEFAULT_PROXY_CONFIG,
  loadCandleFile,
  runBacktest,
} from '@balancer/engine';
import { repeatedYear } from './candles.js';

const TARGET_CANDLES = 1_000_000;
const RUNS = 3;
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

function best(runs: number, work: () => unknown): number {
  let fastest = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run++) {
    const start = process.hrtime.bigint();
    work();
    fastest = Math.min(fastest, Number(process.hrtime.bigint() - start) / 1e6);
  }
  return fastest;
}

const { table: year } = loadCandleFile(path.join(ROOT, 'market-data/binance-btcusdt-15m.csv.gz'));
const table = repeatedYear(year, TARGET_CANDLES);
const options: BacktestOptions = {
  startQuote: '10000',
  exchange: DEFAULT_EXCHANGE_CONFIG,
  strategy: parseStrategyConfig({
    ...DEFAULT_STRATEGY_CONFIG,
    increaseAmountQuote: increaseAmountForBudget('10000'),
  }),
  window: DEFAULT_BACKTEST_WINDOW,
  reversal: DEFAULT_REVERSAL_CONFIG,
  proxies: DEFAULT_PROXY_CONFIG,
};

let sink = 0;
const bareMs = best(RUNS * 3, () => {
  sink += bareLoop(table);
});
let result = runBacktest(table, options);
const backtestMs = best(RUNS, () => {
  result = runBacktest(table, options);
});
const rssMb = process.resourceUsage().maxRSS / 1024;

// Where the time goes (printed only; the figures below are the full backtest's): the strategy's
// replay without the three baselines, and the one per-candle cost no replay can skip, the window
// state of every candle (8 split changes classified against the requirements).
const strategyMs = best(RUNS, () => runBacktest(table, { ...options, strategyOnly: true }));
const splitStates = new Int8Array(8);
let windowSink = 0;
const windowMs = best(RUNS, () => {
  const { size, requirement, strongRequirement } = options.window;
  for (let end = size - 1; end < table.length; end++) {
    windowSink += windowStatesAt(table.close, end, size, requirement, strongRequirement, splitStates);
  }
});
const { outcome, stats } = result.strategy;

console.log(
  `candles: ${table.length} (${Math.ceil(table.length / year.length)} × the real Binance 15m year)`,
);
console.log(`bare loop: ${bareMs.toFixed(2)} ms (checksum ${sink.toFixed(0)})`);
console.log(`backtest (strategy + 3 baselines): ${backtestMs.toFixed(1)} ms, best of ${RUNS}`);
const perCandle = (ms: number) => `${((ms * 1e6) / table.length).toFixed(0)} ns/candle`;
console.log(
  `  of which: strategy alone ${strategyMs.toFixed(1)} ms (${perCandle(strategyMs)}), ` +
    `its window states alone ${windowMs.toFixed(1)} ms (${perCandle(windowMs)}), ` +
    `bare loop ${perCandle(bareMs)} (window checksum ${windowSink})`,
);
console.log(
  `strategy: ${outcome.buys} buys, ${outcome.sells} sells, ${result.strategy.positions.length} positions, ` +
    `${stats.crashes} crashes, ${stats.reversalEvents.length} reversal events, ${stats.decreaseChecks} decrease checks`,
);
const figures = {
  backtest_candles_per_s: Math.round(table.length / (backtestMs / 1000)),
  backtest_vs_bare_loop: Math.round((backtestMs / bareMs) * 10) / 10,
  backtest_rss_mb: Math.round(rssMb),
};
console.log(`BENCH ${JSON.stringify(figures).replaceAll(',', ', ').replaceAll(':', ': ')}`);
