import { z } from 'zod';
import { strategyConfigSchema } from '../strategy/config.js';
import { queryIntegerInRange } from '../validation/generic.js';
import { epochMsSchema } from './wire.js';

/*
 * The lab's wire contract (docs/backtesting.md, Backtest jobs (API)): data sets, backtest jobs
 * run in worker threads, and their stored results.
 */

/** Job kinds: a backtest, a parameter sweep, a candle download (stores no result: a data set). */
export const LAB_JOB_KINDS = ['backtest', 'sweep', 'download'] as const;
export type LabJobKind = (typeof LAB_JOB_KINDS)[number];

export const LAB_JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type LabJobStatus = (typeof LAB_JOB_STATUSES)[number];

/** A candle file the lab can replay: shipped with the platform, or downloaded (`cli data download`). */
export const labDataSetSchema = z.object({
  /** The file name, the data set's id in a backtest request. */
  name: z.string(),
  origin: z.enum(['shipped', 'downloaded']),
  bytes: z.number().int().nonnegative(),
  /** The candles' interval as a ccxt timeframe (`15m`, `1h`). */
  timeframe: z.string(),
  /** Where they come from, one line (exchange, market, source). */
  provenance: z.string(),
  candles: z.number().int().nonnegative(),
  /** Open time of the first and of the last candle (null when the set is still empty). */
  fromMs: epochMsSchema.nullable(),
  toMs: epochMsSchema.nullable(),
  /** Candles missing between the first and the last (exchange halts, outages): never filled in. */
  missingCandles: z.number().int().nonnegative(),
});
export const labDataSetListSchema = z.array(labDataSetSchema);
export type LabDataSet = z.infer<typeof labDataSetSchema>;

/** The most gaps GET /lab/data-sets/:name/gaps lists (the oldest; `total` counts them all). */
export const LAB_GAPS_LISTED = 1000;

/** Where a data set has no candles between two it has (an exchange halt, an outage, a delisting). */
export const labCandleGapSchema = z.object({
  /** Open time of the last candle before the gap, and of the first after it. */
  afterMs: epochMsSchema,
  beforeMs: epochMsSchema,
  /** Candles of the set's interval that would fit between them. */
  missing: z.number().int().positive(),
});

/** GET /lab/data-sets/:name/gaps: the set's gaps, oldest first (never filled in by the lab). */
export const labDataSetGapsSchema = z.object({
  name: z.string(),
  /** The candles' interval, ms. */
  intervalMs: z.number().int().nonnegative(),
  /** Every gap, and every missing candle, of the set (the list stops at LAB_GAPS_LISTED). */
  total: z.number().int().nonnegative(),
  missingCandles: z.number().int().nonnegative(),
  gaps: z.array(labCandleGapSchema),
});
export type LabDataSetGaps = z.infer<typeof labDataSetGapsSchema>;

const text = (max: number, name: string) =>
  z.string({ error: `The ${name} must be text` }).max(max, `The ${name} must be at most ${max} characters`);

/**
 * Body of POST /lab/backtests. Only shapes here; the values are checked as the CLI's flags are
 * (engine backtest/inputs.ts) and explicit strategy values as the live strategy's, each failure a
 * coded error: `live` takes the live strategy as it is, `{template}` a template with the
 * increase amount advised for the starting cash, `{config}` explicit values.
 */
export const labBacktestBodySchema = z.strictObject({
  dataSet: text(200, 'data set'),
  /** First day included, YYYY-MM-DD (default: the data's first candle). */
  from: text(10, 'from day').optional(),
  /** Last day included, YYYY-MM-DD (default: the data's last candle). */
  to: text(10, 'to day').optional(),
  /** Starting cash in quote, decimal text (default 10000). */
  startQuote: text(40, 'starting cash').optional(),
  /** Fee in percent, 0–10, decimal text (default 0.1). */
  feePercent: text(40, 'fee').optional(),
  /** Decimal places of an order amount in BTC, 0–8 (default 5). */
  lotDecimals: z.number({ error: 'The lot decimals must be a number' }).optional(),
  /** Smallest order in BTC, decimal text, 0 allowed (default 0.0002). */
  minOrderBase: text(40, 'minimum order').optional(),
  /** Smallest order value in quote, decimal text, 0 allowed (default 10). */
  minNotional: text(40, 'minimum notional').optional(),
  /** How often DCA and value averaging contribute: daily, weekly (default) or monthly. */
  cadence: text(20, 'cadence').optional(),
  /** Weekly contributions on this day (monday…sunday); default: every 7 days from the start. */
  weekday: text(20, 'weekday').optional(),
  /** Monthly contributions on this day of the month, 1–28; default: the start's day. */
  monthDay: z.number({ error: 'The month day must be a number' }).optional(),
  /** Contributions at this UTC hour, 0–23; default: the start's time of day. */
  hour: z.number({ error: 'The hour must be a number' }).optional(),
  /** Quote per contribution date, decimal text (default: starting cash ÷ contribution dates). */
  contribution: text(40, 'contribution').optional(),
  /** The baselines to run (default all): buy-and-hold, dca, value-averaging, value-averaging-no-sell. */
  baselines: z.array(text(40, 'baseline'), { error: 'The baselines must be a list' }).max(8).optional(),
  /** IRR convention: xirr (actual days, default) or periodic (compounding per period). */
  irr: text(20, 'IRR convention').optional(),
  /** Periods per year of the periodic IRR, 1–365, fractions allowed (52.1775); default the cadence's, 365, 52 or 12. */
  periodsPerYear: z.number({ error: 'The periods per year must be a number' }).optional(),
  strategy: z.union([
    z.literal('live'),
    z.strictObject({ template: text(40, 'template') }),
    z.strictObject({ config: z.unknown() }),
  ]),
});
export type LabBacktestBody = z.infer<typeof labBacktestBodySchema>;

/**
 * The backtest the landing page's Planner and Monitoring images are drawn from
 * (scripts/landing-images.data.ts): the whole shipped Binance 15 m year, the Eager Scalper template
 * with the increase amount advised for 10,000 USDT, fee 0.1 %, the other conventions at their
 * defaults. The lab's New backtest fills its form with it ("Reproduce the landing page's images").
 */
export const LANDING_BACKTEST = {
  dataSet: 'binance-btcusdt-15m.csv.gz',
  startQuote: '10000',
  feePercent: '0.1',
  strategy: { template: 'EAGER_SCALPER' },
} as const satisfies LabBacktestBody;

/** How often DCA and value averaging contribute. */
export const BACKTEST_CADENCES = ['daily', 'weekly', 'monthly'] as const;
export type BacktestCadence = (typeof BACKTEST_CADENCES)[number];
/** Weekdays of weekly contributions, in the order of Date#getUTCDay (sunday = 0). */
export const BACKTEST_WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type BacktestWeekday = (typeof BACKTEST_WEEKDAYS)[number];
/** The baselines a backtest can compare the strategy with, in report order. */
export const BACKTEST_BASELINES = [
  'buy-and-hold',
  'dca',
  'value-averaging',
  'value-averaging-no-sell',
] as const;
export type BacktestBaselineId = (typeof BACKTEST_BASELINES)[number];
/** IRR conventions: XIRR on actual days, or compounding per period. */
export const BACKTEST_IRR_CONVENTIONS = ['xirr', 'periodic'] as const;
export type BacktestIrrConvention = (typeof BACKTEST_IRR_CONVENTIONS)[number];

/**
 * A backtest's checked conventions (docs/backtesting.md, Conventions): the simulated exchange's
 * lot and minimums, the contribution schedule of DCA and value averaging, the baselines run and
 * the IRR convention. A null field is "as the start" (weekday, monthDay, hour), "starting cash ÷
 * dates" (contribution) or "the cadence's" (periodsPerYear of a periodic IRR; null with xirr).
 */
export const labBacktestConventionsSchema = z.object({
  lotDecimals: z.number().int(),
  minOrderBase: z.string(),
  minNotional: z.string(),
  cadence: z.enum(BACKTEST_CADENCES),
  weekday: z.enum(BACKTEST_WEEKDAYS).nullable(),
  monthDay: z.number().int().nullable(),
  hour: z.number().int().nullable(),
  contribution: z.string().nullable(),
  baselines: z.array(z.enum(BACKTEST_BASELINES)),
  irr: z.enum(BACKTEST_IRR_CONVENTIONS),
  periodsPerYear: z.number().positive().nullable(),
});
export type LabBacktestConventions = z.infer<typeof labBacktestConventionsSchema>;

/** A backtest's inputs after the checks, as stored with its result. */
export const labBacktestInputsSchema = z.object({
  dataSet: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  startQuote: z.string(),
  feePercent: z.string(),
  /** Absent on results stored before conventions could be chosen: the defaults applied. */
  conventions: labBacktestConventionsSchema.optional(),
  /** How the strategy was chosen, in the report's words. */
  strategySource: z.string(),
  strategy: strategyConfigSchema,
});
export type LabBacktestInputs = z.infer<typeof labBacktestInputsSchema>;

/** A job as GET /lab/jobs and the `lab-job` stream event show it. */
export const labJobSchema = z.object({
  id: z.string(),
  kind: z.enum(LAB_JOB_KINDS),
  status: z.enum(LAB_JOB_STATUSES),
  /** Fraction of the work done, 0–1 (the strategy replay's candles). */
  progress: z.number().min(0).max(1),
  createdAt: epochMsSchema,
  startedAt: epochMsSchema.nullable(),
  finishedAt: epochMsSchema.nullable(),
  /** The nickname of who started it. */
  createdBy: z.string(),
  /** The checked inputs of its kind (a sweep's first: it has a backtest's fields and more). */
  inputs: z.lazy(() => labJobInputsSchema),
  /** The stored result's id once done (a download stores a data set, no result). */
  resultId: z.number().int().positive().nullable(),
  /** Why it failed or stopped (a coded error). */
  error: z.object({ code: z.number().int(), message: z.string() }).nullable(),
});
export const labJobListSchema = z.array(labJobSchema);
export type LabJob = z.infer<typeof labJobSchema>;

/** A stored result's comparison row (the report's outcomes: the strategy and the baselines). */
const labOutcomeSchema = z.looseObject({ id: z.string(), label: z.string() });

/** A stored result without its report (GET /lab/results). */
export const labResultSummarySchema = z.object({
  id: z.number().int().positive(),
  jobId: z.string(),
  kind: z.enum(LAB_JOB_KINDS),
  createdAt: epochMsSchema,
  createdBy: z.string(),
  /** The platform's version that ran it. */
  appVersion: z.string(),
  dataSet: z.string(),
  /** sha256 of the data set's uncompressed bytes (the report's data.sha256). */
  dataSha256: z.string(),
  /** A sweep's inputs, or a backtest's. */
  inputs: z.lazy(() => z.union([labSweepInputsSchema, labBacktestInputsSchema])),
  /** A backtest's outcomes (strategy and baselines), or a sweep's best rows (at most 3). */
  outcomes: z.array(labOutcomeSchema),
});
export const labResultListSchema = z.array(labResultSummarySchema);
export type LabResultSummary = z.infer<typeof labResultSummarySchema>;

/* GET /lab/results/:id (the summary and the whole report) is in lab-report.ts. */

/** `/lab/jobs/:id`: a job id (a UUID). */
export const labJobIdParamsSchema = z.object({
  id: z.uuid({ error: 'The job id must be a UUID' }),
});

/** `/lab/results/:id`: a result id. */
export const labResultIdParamsSchema = z.object({
  id: queryIntegerInRange(1, Number.MAX_SAFE_INTEGER, 'The result id must be a positive integer'),
});

/** `/lab/data-sets/:name`: a data set by its listed name (never a path: the listing's only). */
export const labDataSetNameParamsSchema = z.object({ name: text(200, 'data set') });

/** DELETE /lab/data-sets/:name answers the name removed. */
export const labDataSetRemovedSchema = z.object({ name: z.string() });

/** DELETE /lab/results/:id answers the id deleted. */
export const labDeletedSchema = z.object({ id: z.number().int().positive() });

/** What a sweep may rank by (engine backtest/sweep). */
export const LAB_SWEEP_METRICS = ['final-equity', 'irr', 'max-drawdown', 'return-drawdown'] as const;

/** The most combinations one sweep job may run (the API's bound; the CLI allows more). */
export const LAB_SWEEP_MAX_COMBINATIONS = 500;

/** One swept parameter's values: `from` to `to` (both included) by `step`. */
export const labSweepRangeSchema = z.strictObject({
  parameter: text(40, 'parameter'),
  from: z.number({ error: 'from must be a number' }),
  to: z.number({ error: 'to must be a number' }),
  step: z.number({ error: 'step must be a number' }),
});

/** Every combination of the ranges, or `count` of them drawn with `seed`. */
export const labSweepSearchSchema = z.union([
  z.strictObject({ kind: z.literal('grid') }),
  z.strictObject({
    kind: z.literal('random'),
    count: z.number().int().min(1).max(LAB_SWEEP_MAX_COMBINATIONS),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31),
  }),
]);

/**
 * Body of POST /lab/sweeps: a backtest's body (data set, period, cash, fee, the strategy the
 * combinations start from) and the ranges to sweep, the search, the ranking metric and the
 * in-sample share (0.5…0.9; null: no out-of-sample check). Values are checked as the CLI's.
 */
export const labSweepBodySchema = labBacktestBodySchema.extend({
  ranges: z.array(labSweepRangeSchema).min(1).max(7),
  search: labSweepSearchSchema.optional(),
  metric: z.enum(LAB_SWEEP_METRICS).optional(),
  trainFraction: z.number().nullable().optional(),
});
export type LabSweepBody = z.infer<typeof labSweepBodySchema>;

/** A sweep's inputs after the checks: a backtest's, and what was swept. */
export const labSweepInputsSchema = labBacktestInputsSchema.extend({
  ranges: z.array(labSweepRangeSchema),
  search: labSweepSearchSchema,
  metric: z.enum(LAB_SWEEP_METRICS),
  trainFraction: z.number().nullable(),
  /** The combinations to run (the estimate a caller sees at once; at most 500). */
  combinations: z.number().int().positive(),
});
export type LabSweepInputs = z.infer<typeof labSweepInputsSchema>;

/**
 * Body of POST /lab/downloads: a market's candles through ccxt (`exchange` defaults to the
 * configured EXCHANGE, `symbol` to BTC/USDT) from `since` (YYYY-MM-DD), or on from the set's
 * last candle when it exists.
 */
export const labDownloadBodySchema = z.strictObject({
  exchange: text(20, 'exchange').optional(),
  symbol: text(21, 'symbol').optional(),
  timeframe: text(4, 'timeframe'),
  since: text(10, 'since day'),
});
export type LabDownloadBody = z.infer<typeof labDownloadBodySchema>;

/** A download's inputs after the checks; `dataSet` is the set it fills (GET /lab/data-sets). */
export const labDownloadInputsSchema = z.object({
  exchange: z.string(),
  symbol: z.string(),
  timeframe: z.string(),
  since: z.string(),
  dataSet: z.string(),
});
export type LabDownloadInputs = z.infer<typeof labDownloadInputsSchema>;

/** A job's inputs by kind (tried in this order: a sweep's inputs include a backtest's). */
export const labJobInputsSchema = z.union([
  labSweepInputsSchema,
  labBacktestInputsSchema,
  labDownloadInputsSchema,
]);

/** `/lab/results/:id/rows/:row/apply`: a stored sweep's row, by its rank (0: the best). */
export const labResultRowParamsSchema = z.object({
  id: queryIntegerInRange(1, Number.MAX_SAFE_INTEGER, 'The result id must be a positive integer'),
  row: queryIntegerInRange(0, LAB_SWEEP_MAX_COMBINATIONS - 1, 'The row must be an integer 0…499'),
});

/**
 * GET /lab/live-origin: the stored result the live strategy settings were last applied from
 * (a backtest result, or a sweep's row by rank), with a snapshot of what was applied and its
 * headline figures, so deleting or retiring the result cannot break the link. `matchesLive`:
 * whether the live strategy still equals the applied settings (false once edited since).
 */
export const labLiveOriginSchema = z.object({
  resultId: z.number().int().positive(),
  kind: z.enum(LAB_JOB_KINDS),
  /** The sweep row's rank (0 the best); null for a backtest result. */
  row: z.number().int().nonnegative().nullable(),
  appliedAt: epochMsSchema,
  appliedBy: z.string(),
  dataSet: z.string(),
  /** The strategy settings applied. */
  config: strategyConfigSchema,
  /** Headline figures: the backtest's strategy outcome, or the row's in- and out-of-sample ones. */
  figures: z.record(z.string(), z.unknown()),
  /** Whether the stored result still exists (retention or a delete may remove it). */
  resultStored: z.boolean(),
  matchesLive: z.boolean(),
});
export type LabLiveOrigin = z.infer<typeof labLiveOriginSchema>;

/** GET /lab/live-origin answers `{origin}`: null when no stored result was ever applied. */
export const labLiveOriginAnswerSchema = z.object({ origin: labLiveOriginSchema.nullable() });
export type LabLiveOriginAnswer = z.infer<typeof labLiveOriginAnswerSchema>;
