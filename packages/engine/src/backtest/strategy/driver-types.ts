import type { Position, ReversalConfig, StrategyConfig } from '@balancer/core';
import type { Outcome } from '../outcome.js';
import type { ProxyConfig } from './proxies.js';

/** The window settings a backtest uses (its interval is the data's). */
export interface BacktestWindowConfig {
  /** Candles in the window (128–512). */
  size: number;
  requirement: number;
  strongRequirement: number;
}

/** Everything the strategy replay needs besides the frame. */
export interface StrategyRunConfig {
  strategy: StrategyConfig;
  window: BacktestWindowConfig;
  reversal: ReversalConfig;
  proxies: ProxyConfig;
  /**
   * Calls core's `decideDecrease` on every candle where the window state is 2 and a position is
   * open, skipping the plain-number pre-filter, and core's `decideIncrease` / `decideDecrease`
   * themselves instead of `FastDecisions` (slower; tests use it to prove both exact).
   */
  exhaustive?: boolean;
  /**
   * Called with (candles replayed, candles in the frame) about every 2 % of the frame and once at
   * the end (the API's backtest jobs show it). It only observes: results are the same without it.
   */
  onProgress?: (done: number, total: number) => void;
}

/** A reversal event of the replay. */
export interface ReversalEventRecord {
  crashId: string;
  /** ms */
  time: number;
  points: number;
  /** What the increase decision answered: 'open', 'add' or core's reason for 'none'. */
  decision: string;
}

/** Counts that explain what the strategy did and did not do. */
export interface StrategyStats {
  /** Candles at the start whose window was not yet full (no decisions). */
  warmupCandles: number;
  /** Crashes that ended within the run. */
  crashes: number;
  /** When each of those crashes started and ended (ms), oldest first. */
  crashPeriods: Array<{ start: number; end: number }>;
  reversalEvents: ReversalEventRecord[];
  /** Sells filled per decrease level (0–4). */
  decreasesByLevel: number[];
  /** Times core's decideDecrease ran. */
  decreaseChecks: number;
  /** Decided orders the exchange refused (e.g. under 10 quote after the fill price moved). */
  rejectedOrders: number;
}

/** The strategy's result: its outcome, its positions at the last close, and the stats. */
export interface StrategyRun {
  outcome: Outcome;
  positions: Position[];
  /** Decrease level (0–4) of each sell, by trade id. */
  sellLevels: Record<string, number>;
  stats: StrategyStats;
}
