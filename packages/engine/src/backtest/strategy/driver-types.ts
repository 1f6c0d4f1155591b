import type {
  BacktestReversalEvent,
  BacktestStrategyStats,
  BacktestWindowConfig,
  OrderReason,
  Position,
  ReversalConfig,
  StrategyConfig,
} from '@balancer/core';
import type { Outcome } from '../outcome.js';
import type { ProxyConfig } from './proxies.js';

/** The window settings a backtest uses (its interval is the data's): core's, as the report states them. */
export type { BacktestWindowConfig };

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

/** A reversal event of the replay (core's, as the report lists it). */
export type ReversalEventRecord = BacktestReversalEvent;

/** Counts that explain what the strategy did and did not do (core's, as the report states them). */
export type StrategyStats = BacktestStrategyStats;

/** The strategy's result: its outcome, its positions at the last close, and the stats. */
export interface StrategyRun {
  outcome: Outcome;
  positions: Position[];
  /** Decrease level (0–4) of each sell, by trade id. */
  sellLevels: Record<string, number>;
  /** Why each strategy fill was ordered (core's OrderReason, as the live engine stores it), by trade id. */
  reasons: Record<string, OrderReason>;
  stats: StrategyStats;
}
