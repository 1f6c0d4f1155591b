import { CodedError, DEFAULT_WINDOW_CONFIG, type ReversalConfig, type StrategyConfig } from '@balancer/core';
import { type CandleTable, rangeIndices, sliceByIndex } from '../market-data/candle-table.js';
import { runBaselines } from './baselines/baselines.js';
import { type BaselineConventions, DEFAULT_BASELINE_CONVENTIONS } from './baselines/conventions.js';
import type { ExchangeConfig } from './exchange/exchange-config.js';
import { buildFrame, type RunFrame } from './frame.js';
import type { Outcome } from './outcome.js';
import { runStrategy } from './strategy/driver.js';
import type { BacktestWindowConfig, StrategyRun } from './strategy/driver-types.js';
import type { ProxyConfig } from './strategy/proxies.js';

/** The live window's defaults as a backtest window (the CLI, benches and landing images use them). */
export const DEFAULT_BACKTEST_WINDOW: BacktestWindowConfig = {
  size: DEFAULT_WINDOW_CONFIG.size,
  requirement: DEFAULT_WINDOW_CONFIG.requirement,
  strongRequirement: DEFAULT_WINDOW_CONFIG.strongRequirement,
};

/** A backtest's settings, already validated (the CLI builds them from flags). */
export interface BacktestOptions {
  /** First open time included, ms (default: the first candle). */
  fromMs?: number;
  /** First open time excluded, ms (default: after the last candle). */
  toMs?: number;
  /** Starting cash of every strategy, quote, decimal string. */
  startQuote: string;
  exchange: ExchangeConfig;
  strategy: StrategyConfig;
  window: BacktestWindowConfig;
  reversal: ReversalConfig;
  proxies: ProxyConfig;
  /** Contributions, baselines and IRR convention (default: DEFAULT_BASELINE_CONVENTIONS). */
  conventions?: BaselineConventions;
  /** Skip the baselines (the benchmark measures the strategy replay alone). */
  strategyOnly?: boolean;
  /** See StrategyRunConfig.exhaustive. */
  exhaustive?: boolean;
  /** See StrategyRunConfig.onProgress (the strategy replay's candles; the baselines are quick). */
  onProgress?: (done: number, total: number) => void;
}

/** The strategy and the baselines on the same candles and cash. */
export interface BacktestResult {
  readonly frame: RunFrame;
  readonly strategy: StrategyRun;
  /** The chosen baselines in BACKTEST_BASELINES' order (empty with strategyOnly). */
  readonly baselines: Outcome[];
}

/**
 * Runs a backtest on `table` restricted to [fromMs, toMs). Candles before `fromMs` in the table
 * warm the strategy's window up (up to size − 1 of them); the baselines start at `fromMs`.
 * Throws BACKTEST_NO_CANDLES when fewer than 2 candles are in range.
 */
export function runBacktest(table: CandleTable, options: BacktestOptions): BacktestResult {
  const { start, end } = rangeIndices(
    table,
    options.fromMs ?? Number.NEGATIVE_INFINITY,
    options.toMs ?? Number.POSITIVE_INFINITY,
  );
  if (end - start < 2) {
    throw new CodedError('BACKTEST_NO_CANDLES', `${end - start} candle(s) in the range, at least 2 needed`);
  }
  const historyStart = Math.max(0, start - (options.window.size - 1));
  const conventions = options.conventions ?? DEFAULT_BASELINE_CONVENTIONS;
  const frame: RunFrame = {
    ...buildFrame(sliceByIndex(table, start, end), options.startQuote, options.exchange, {
      closes: table.close.subarray(historyStart, end),
      offset: start - historyStart,
    }),
    irr: conventions.irr,
  };
  const strategy = runStrategy(frame, {
    strategy: options.strategy,
    window: options.window,
    reversal: options.reversal,
    proxies: options.proxies,
    exhaustive: options.exhaustive ?? false,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const baselines = options.strategyOnly ? [] : runBaselines(frame, conventions);
  return { frame, strategy, baselines };
}
