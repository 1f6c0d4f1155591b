import type {
  BacktestBaselineId,
  BacktestCadence,
  BacktestIrrConvention,
  BacktestReportFill,
  BacktestReportOutcome,
  BacktestReportPosition,
  BacktestWeekday,
  ReversalConfig,
  StrategyConfig,
} from '@balancer/core';
import type { CandleSource } from '../../market-data/load-candles.js';
import type { ExchangeConfig } from '../exchange/exchange-config.js';
import type { OutcomeId } from '../outcome.js';
import type { BacktestWindowConfig, StrategyStats } from '../strategy/driver-types.js';
import type { ProxyConfig } from '../strategy/proxies.js';

/** One row of the comparison table (core's shape, its id one of the engine's outcome ids). */
export interface ReportOutcome extends BacktestReportOutcome {
  id: OutcomeId;
}

/** The conventions of the comparison, as chosen (docs/backtesting.md, Conventions). */
export interface ReportConventions {
  contributions: {
    cadence: BacktestCadence;
    /** null: as the start (dates = start + k periods). */
    weekday: BacktestWeekday | null;
    monthDay: number | null;
    hour: number | null;
    /** Quote per date, 2 dp. */
    amount: string;
    /** true when the amount was given, false when it is starting cash ÷ dates. */
    amountGiven: boolean;
    /** Contribution dates in the range. */
    dates: number;
    /** In words: "a week", "every monday at 00:00 UTC", … */
    schedule: string;
  };
  baselines: BacktestBaselineId[];
  irr: { convention: BacktestIrrConvention; periodsPerYear: number | null; statement: string };
}

/** A fill as the report lists it. */
export type ReportTrade = BacktestReportFill;

/** A strategy position at the last close (core's Position plus display times). */
export type ReportPosition = BacktestReportPosition;

/**
 * Everything a backtest produced, as written to report.json; report.html is rendered from it.
 * `assumptions` is the no-silent-assumption statement: how liquidity, coins, fills and the
 * window are handled without live data.
 */
export interface BacktestReport {
  kind: 'balancer-backtest';
  version: 1;
  data: {
    file: string;
    name: string;
    layout: CandleSource['layout'];
    gzip: boolean;
    sha256: string;
    knownDataSet: boolean;
    provenance: string;
    interval: string;
    candles: number;
    /** Open time of the first candle and close time of the last, ISO. */
    start: string;
    end: string;
  };
  settings: {
    startQuote: string;
    exchange: ExchangeConfig;
    strategySource: string;
    strategy: StrategyConfig;
    window: BacktestWindowConfig & { interval: string };
    reversal: ReversalConfig;
    proxies: ProxyConfig;
    /** Quote per contribution date (named when contributions were only weekly). */
    baselineWeeklyAmount: string;
    conventions: ReportConventions;
  };
  assumptions: {
    liquidity: string;
    coins: string;
    fills: string;
    window: string;
    baselines: string;
    /** The contribution schedule, value averaging without selling, cost per BTC and the IRR convention. */
    conventions: string;
  };
  outcomes: ReportOutcome[];
  strategy: { stats: StrategyStats; positions: ReportPosition[]; trades: ReportTrade[] };
  baselineTrades: Record<string, ReportTrade[]>;
  /** Chart data, one point per bucket (bucketMs wide, UTC-aligned). */
  series: {
    bucketMs: number;
    /** Bucket start times, ms. */
    time: number[];
    open: number[];
    high: number[];
    low: number[];
    close: number[];
    /** Equity at each bucket's last close, per outcome id. */
    equity: Record<string, number[]>;
  };
}
