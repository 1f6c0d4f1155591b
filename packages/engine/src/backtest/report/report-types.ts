import type {
  BacktestBaselineId,
  BacktestCadence,
  BacktestIrrConvention,
  BacktestWeekday,
  Position,
  ReversalConfig,
  StrategyConfig,
} from '@balancer/core';
import type { CandleSource } from '../../market-data/load-candles.js';
import type { ExchangeConfig } from '../exchange/exchange-config.js';
import type { OutcomeId } from '../outcome.js';
import type { BacktestWindowConfig, StrategyStats } from '../strategy/driver-types.js';
import type { ProxyConfig } from '../strategy/proxies.js';

/** One row of the comparison table (money: quote, 2 dp strings; percentages: numbers). */
export interface ReportOutcome {
  id: OutcomeId;
  label: string;
  buys: number;
  sells: number;
  netInvested: string;
  finalValue: string;
  finalEquity: string;
  pnl: string;
  irrPercent: number | null;
  maxDrawdownPercent: number;
  feesPaid: string;
  baseHeld: string;
  /** Net invested ÷ BTC held (quote per BTC, 2 dp half-up); null when no BTC is held. */
  costPerBtc: string | null;
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
export interface ReportTrade {
  id: string;
  side: 'BUY' | 'SELL';
  /** ISO time of the fill. */
  time: string;
  timeMs: number;
  price: string;
  amount: string;
  quoteAmount: string;
  commission: string;
  /** Decrease level (1–5 as shown to operators) of a strategy sell; null otherwise. */
  level: number | null;
}

/** A strategy position at the last close (core's Position plus display times). */
export interface ReportPosition extends Omit<Position, 'actions'> {
  openTime: string;
  closeTime: string | null;
  trades: number;
}

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
