import { z } from 'zod';
import { reversalConfigSchema } from '../market-state/reversal/config.js';
import type { Position } from '../positions/types.js';
import { strategyConfigSchema } from '../strategy/config.js';
import { orderReasonSchema } from '../strategy/order-reason-schema.js';
import {
  BACKTEST_BASELINES,
  BACKTEST_IRR_CONVENTIONS,
  LAB_SWEEP_METRICS,
  labBacktestConventionsSchema,
  labResultSummarySchema,
  labSweepRangeSchema,
  labSweepSearchSchema,
} from './lab.js';

/*
 * The stored reports of the lab (GET /lab/results/:id's `report`): a backtest's, as the engine
 * builds it (backtest/report/build-report.ts, also the CLI's report.json), and a sweep's, as the
 * server stores it. The engine's and the server's types are these; the web app reads them. Money
 * is quote decimal text (2 dp), percentages plain numbers, times epoch ms or ISO text as named.
 */

/** The outcomes a backtest compares: the strategy and the baselines, in report order. */
export const BACKTEST_OUTCOME_IDS = ['strategy', ...BACKTEST_BASELINES] as const;
export type BacktestOutcomeId = (typeof BACKTEST_OUTCOME_IDS)[number];

/** One row of the comparison table (money: quote, 2 dp strings; percentages: numbers). */
export const backtestReportOutcomeSchema = z.object({
  id: z.enum(BACKTEST_OUTCOME_IDS),
  label: z.string(),
  buys: z.number().int(),
  sells: z.number().int(),
  netInvested: z.string(),
  finalValue: z.string(),
  finalEquity: z.string(),
  pnl: z.string(),
  irrPercent: z.number().nullable(),
  maxDrawdownPercent: z.number(),
  feesPaid: z.string(),
  baseHeld: z.string(),
  /** Net invested ÷ BTC held (quote per BTC, 2 dp half-up); null when no BTC is held. */
  costPerBtc: z.string().nullable(),
});
export type BacktestReportOutcome = z.infer<typeof backtestReportOutcomeSchema>;

/** A fill as the report lists it. */
export const backtestReportFillSchema = z.object({
  id: z.string(),
  side: z.enum(['BUY', 'SELL']),
  /** ISO time of the fill. */
  time: z.string(),
  timeMs: z.number(),
  price: z.string(),
  amount: z.string(),
  quoteAmount: z.string(),
  commission: z.string(),
  /** Decrease level (1–5 as shown to operators) of a strategy sell; null otherwise. */
  level: z.number().int().nullable(),
  /**
   * Why the strategy ordered this fill (docs/strategy.md#order-reasons), from the same builders
   * as the live engine's; null for a baseline's fill, absent in reports stored before reasons.
   */
  reason: orderReasonSchema.nullable().optional(),
});
export type BacktestReportFill = z.infer<typeof backtestReportFillSchema>;

/** A strategy position at the last close (core's Position without its actions, plus display times). */
export const backtestReportPositionSchema = z.object({
  open: z.number(),
  close: z.number().nullable(),
  entryPrice: z.string(),
  amount: z.string(),
  amountQuote: z.string(),
  amountQuoteIn: z.string(),
  amountQuoteOut: z.string(),
  pnl: z.string(),
  roi: z.number(),
  gain: z.number(),
  decreasePriceLevels: z.array(z.string()),
  openTime: z.string(),
  closeTime: z.string().nullable(),
  trades: z.number().int(),
}) satisfies z.ZodType<Omit<Position, 'actions'>>;
export type BacktestReportPosition = z.infer<typeof backtestReportPositionSchema>;

/** A plain decimal string (no sign or exponent): money settings are never floats. */
const plainDecimal = z.string().regex(/^\d+(\.\d+)?$/, 'must be a plain decimal string like "0.1"');

/**
 * The simulated exchange's rules, as a backtest is given them (the engine checks its options with
 * this schema) and as its report states them.
 */
export const backtestExchangeConfigSchema = z.object({
  /** Fee in percent of the order's quote value, charged in quote on buys and sells. 0–10. */
  feePercent: plainDecimal.refine((value) => Number(value) <= 10, 'must be at most 10 (%)'),
  /** Smallest order in BTC; 0 for a theoretical run (an order still needs one lot step). */
  minOrderBase: plainDecimal,
  /** Smallest order value in quote (amount × price, before the fee); 0 allowed. */
  minNotional: plainDecimal,
  /** Decimal places of an order amount in BTC (the lot step is 10^-lotDecimals). */
  lotDecimals: z.number().int().min(0).max(8),
});
export type BacktestExchangeConfig = z.infer<typeof backtestExchangeConfigSchema>;

/** The window indicator of a backtest (its size in candles and the % changes for states ±1, ±2). */
export const backtestWindowConfigSchema = z.object({
  /** Candles in the window (128–512). */
  size: z.number().int(),
  requirement: z.number(),
  strongRequirement: z.number(),
});
export type BacktestWindowConfig = z.infer<typeof backtestWindowConfigSchema>;

/** How the replay stands in for live data it lacks (engine backtest/strategy/proxies.ts). */
export const backtestProxyConfigSchema = z.object({
  /**
   * Candles averaged by the bid-dominance proxy. A live order book scores the bids and asks near
   * the price; the proxy scores where closes sit in their high–low ranges: closes at the highs
   * mean buyers took the asks.
   */
  liquidityCandles: z.number().int(),
});
export type BacktestProxyConfig = z.infer<typeof backtestProxyConfigSchema>;

/** The conventions of the comparison, as chosen (docs/backtesting.md, Conventions). */
export const backtestReportConventionsSchema = z.object({
  /** The schedule as chosen (null: as the start, dates = start + k periods) and what it gave. */
  contributions: labBacktestConventionsSchema
    .pick({ cadence: true, weekday: true, monthDay: true, hour: true })
    .extend({
      /** Quote per date, 2 dp. */
      amount: z.string(),
      /** true when the amount was given, false when it is starting cash ÷ dates. */
      amountGiven: z.boolean(),
      /** Contribution dates in the range. */
      dates: z.number().int(),
      /** In words: "a week", "every monday at 00:00 UTC", … */
      schedule: z.string(),
    }),
  baselines: z.array(z.enum(BACKTEST_BASELINES)),
  irr: z.object({
    convention: z.enum(BACKTEST_IRR_CONVENTIONS),
    periodsPerYear: z.number().positive().nullable(),
    statement: z.string(),
  }),
});
export type BacktestReportConventions = z.infer<typeof backtestReportConventionsSchema>;

/** A reversal event of the replay. */
export const backtestReversalEventSchema = z.object({
  crashId: z.string(),
  /** ms */
  time: z.number(),
  points: z.number(),
  /** What the increase decision answered: 'open', 'add' or core's reason for 'none'. */
  decision: z.string(),
});
export type BacktestReversalEvent = z.infer<typeof backtestReversalEventSchema>;

/** Counts that explain what the strategy did and did not do. */
export const backtestStrategyStatsSchema = z.object({
  /** Candles at the start whose window was not yet full (no decisions). */
  warmupCandles: z.number().int(),
  /** Crashes that ended within the run. */
  crashes: z.number().int(),
  /** When each of those crashes started and ended (ms), oldest first. */
  crashPeriods: z.array(z.object({ start: z.number(), end: z.number() })),
  reversalEvents: z.array(backtestReversalEventSchema),
  /** Sells filled per decrease level (0–4). */
  decreasesByLevel: z.array(z.number().int()),
  /** Times core's decideDecrease ran. */
  decreaseChecks: z.number().int(),
  /** Decided orders the exchange refused (e.g. under 10 quote after the fill price moved). */
  rejectedOrders: z.number().int(),
});
export type BacktestStrategyStats = z.infer<typeof backtestStrategyStatsSchema>;

/**
 * Everything a backtest produced, as written to report.json and stored with its result;
 * report.html is rendered from it. `assumptions` is the no-silent-assumption statement: how
 * liquidity, coins, fills and the window are handled without live data.
 */
export const backtestReportSchema = z.object({
  kind: z.literal('balancer-backtest'),
  version: z.literal(1),
  data: z.object({
    file: z.string(),
    name: z.string(),
    /** The candle file's layout: a CSV layout's id, or `candle-file`. */
    layout: z.string(),
    gzip: z.boolean(),
    sha256: z.string(),
    knownDataSet: z.boolean(),
    provenance: z.string(),
    interval: z.string(),
    candles: z.number().int(),
    /** Open time of the first candle and close time of the last, ISO. */
    start: z.string(),
    end: z.string(),
  }),
  settings: z.object({
    startQuote: z.string(),
    exchange: backtestExchangeConfigSchema,
    strategySource: z.string(),
    strategy: strategyConfigSchema,
    window: backtestWindowConfigSchema.extend({ interval: z.string() }),
    reversal: reversalConfigSchema,
    proxies: backtestProxyConfigSchema,
    /** Quote per contribution date (named when contributions were only weekly). */
    baselineWeeklyAmount: z.string(),
    conventions: backtestReportConventionsSchema,
  }),
  assumptions: z.object({
    liquidity: z.string(),
    coins: z.string(),
    fills: z.string(),
    window: z.string(),
    baselines: z.string(),
    /** The contribution schedule, value averaging without selling, cost per BTC and the IRR convention. */
    conventions: z.string(),
  }),
  outcomes: z.array(backtestReportOutcomeSchema),
  strategy: z.object({
    stats: backtestStrategyStatsSchema,
    positions: z.array(backtestReportPositionSchema),
    trades: z.array(backtestReportFillSchema),
  }),
  /** Each baseline's fills, by its outcome id. */
  baselineTrades: z.record(z.string(), z.array(backtestReportFillSchema)),
  /** Chart data, one point per bucket (bucketMs wide, UTC-aligned). */
  series: z.object({
    bucketMs: z.number(),
    /** Bucket start times, ms. */
    time: z.array(z.number()),
    open: z.array(z.number()),
    high: z.array(z.number()),
    low: z.array(z.number()),
    close: z.array(z.number()),
    /** Equity at each bucket's last close, per outcome id. */
    equity: z.record(z.string(), z.array(z.number())),
  }),
});
export type BacktestReport = z.infer<typeof backtestReportSchema>;

/** How one sweep combination did on one period (the strategy alone). */
export const labSweepFiguresSchema = z.object({
  /** Cash + BTC value at the end, quote (2 dp). */
  finalEquity: z.string(),
  pnl: z.string(),
  returnPercent: z.number(),
  irrPercent: z.number().nullable(),
  maxDrawdownPercent: z.number(),
  /** returnPercent ÷ maxDrawdownPercent (drawdown floored at 0.01 %). */
  returnDrawdown: z.number(),
  trades: z.number().int(),
});
export type LabSweepFigures = z.infer<typeof labSweepFiguresSchema>;

/** A ranked sweep row: the swept values and the figures in-sample and out-of-sample. */
export const labSweepRowSchema = z.object({
  point: z.record(z.string(), z.number()),
  inSample: labSweepFiguresSchema,
  /** The same settings on the rest of the period (null without a split). */
  outOfSample: labSweepFiguresSchema.nullable(),
});
export type LabSweepRow = z.infer<typeof labSweepRowSchema>;

/** A sweep's period, epoch ms. */
const labSweepPeriodSchema = z.object({ fromMs: z.number(), toMs: z.number() });

/**
 * What a sweep produced (engine backtest/sweep/run-sweep.ts): the metric ranked by, the rows best
 * first on the in-sample period, the combinations skipped (refused as a whole by the live
 * settings' checks) and the periods.
 */
export const labSweepResultSchema = z.object({
  metric: z.enum(LAB_SWEEP_METRICS),
  rows: z.array(labSweepRowSchema),
  skipped: z.number().int(),
  inSample: labSweepPeriodSchema,
  outOfSample: labSweepPeriodSchema.nullable(),
});
export type LabSweepResult = z.infer<typeof labSweepResultSchema>;

/** A sweep's stored report: its result, what was swept, the data and the platform's version. */
export const labSweepReportSchema = labSweepResultSchema.extend({
  kind: z.literal('sweep'),
  ranges: z.array(labSweepRangeSchema),
  search: labSweepSearchSchema,
  trainFraction: z.number().nullable(),
  data: z.object({ name: z.string(), sha256: z.string() }),
  version: z.string(),
});
export type LabSweepReport = z.infer<typeof labSweepReportSchema>;

/** A stored result's report, told apart by its `kind`. */
export const labReportSchema = z.discriminatedUnion('kind', [backtestReportSchema, labSweepReportSchema]);
export type LabReport = z.infer<typeof labReportSchema>;

/** GET /lab/results/:id: the summary and the whole report (a backtest's or a sweep's). */
export const labResultSchema = labResultSummarySchema.extend({ report: labReportSchema });
export type LabResult = z.infer<typeof labResultSchema>;
