import { z } from 'zod';
import type { CoinsFamilyState } from '../market-state/coins/coins-states.js';
import type { MarketStateValue, SplitId, SplitState, WindowState } from '../market-state/types.js';
import type { CandleSeries } from '../market-state/window/update-window.js';
import type { DecreaseLevelPlan, DecreasePlan, IncreasePlan, Plan } from '../strategy/planner/types.js';
import { releaseComponentSchema, type VersionSummary } from '../validation/release.js';
import { positionRecordSchema } from './records.js';
import { decimalTextSchema, epochMsSchema, figureSchema } from './wire.js';

/*
 * The signed-in app's state as it crosses the wire: `GET /data-join/app-essentials` (everything
 * the app needs at start) and the stream's per-tick `essentials` event. The server builds them,
 * its tests check its answers against these schemas, and the web app's store is typed by them.
 * Where the domain already names a shape (WindowState, Plan, VersionSummary), the schema is tied
 * to it with `satisfies`, so the two cannot drift apart.
 */

/** The signed-in user, as the access token's session names it (authority 1–5). */
export const sessionUserSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  authority: z.number().int().min(1).max(5),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

const marketStateValueSchema = z.union([
  z.literal(-2),
  z.literal(-1),
  z.literal(0),
  z.literal(1),
  z.literal(2),
]);
const splitStateSchema = z.object({
  state: marketStateValueSchema,
  change: figureSchema,
}) satisfies z.ZodType<SplitState>;
const SPLITS: readonly SplitId[] = ['s100', 's75', 's50', 's25', 's15', 's10', 's5', 's2'];

export const windowStateSchema = z.object({
  state: marketStateValueSchema,
  splitStates: z.object(
    Object.fromEntries(SPLITS.map((id) => [id, splitStateSchema])) as Record<
      SplitId,
      typeof splitStateSchema
    >,
  ),
}) satisfies z.ZodType<WindowState>;

/** Candles as parallel arrays; `id` holds each candle's open time (ms). */
export const candleSeriesSchema = z.object({
  id: z.array(z.number()),
  open: z.array(z.number()),
  high: z.array(z.number()),
  low: z.array(z.number()),
  close: z.array(z.number()),
}) satisfies z.ZodType<CandleSeries>;

export const coinsFamilyStateSchema = z.object({
  state: marketStateValueSchema,
  statesBySymbol: z.record(z.string(), windowStateSchema),
}) satisfies z.ZodType<CoinsFamilyState>;

/** One tick's market state: the window with its state, the order book's side, the coins, a crash. */
export const marketStateSchema = z.object({
  windowState: windowStateSchema.extend({ window: candleSeriesSchema }),
  liquidityState: z.object({ bidDominance: figureSchema, neutral: z.boolean() }),
  coinsStates: z.object({ quote: coinsFamilyStateSchema, base: coinsFamilyStateSchema }),
  /**
   * The crash in progress, if any: `points` as the original shows them (÷ requirement × 100, capped
   * at 100), `totalPoints` the last tick's sum (of 100) and `pointsRequirement` the total at which
   * the event fires (the reversal config's), so a screen can draw the requirement on the bar.
   */
  reversalState: z
    .object({
      id: z.string(),
      points: figureSchema,
      totalPoints: figureSchema,
      pointsRequirement: figureSchema,
      reversalEventTime: epochMsSchema.nullable(),
      /** The total (of 100) at which the event fired; null before it fires or when not known. */
      reversalEventPoints: figureSchema.nullable().optional(),
    })
    .optional(),
});
export type MarketState = z.infer<typeof marketStateSchema>;

const increasePlanSchema = z.object({
  enabled: z.boolean(),
  action: z.enum(['open', 'add']),
  canIncrease: z.boolean(),
  reason: z.string().nullable(),
  time: epochMsSchema,
  price: decimalTextSchema.nullable(),
  priceChange: figureSchema.nullable(),
  priceSetBy: z.enum(['requirement', 'strong-state']).nullable(),
  amountQuote: decimalTextSchema,
  amountBase: decimalTextSchema,
  missingQuote: decimalTextSchema,
  strongStateChange: figureSchema.nullable(),
}) satisfies z.ZodType<IncreasePlan>;

const decreaseLevelPlanSchema = z.object({
  gainRequirement: figureSchema,
  percentage: figureSchema,
  price: decimalTextSchema,
  idleUntil: epochMsSchema.nullable(),
}) satisfies z.ZodType<DecreaseLevelPlan>;

const decreasePlanSchema = z.object({
  enabled: z.boolean(),
  canDecrease: z.boolean(),
  reason: z.string().nullable(),
  level: z.number().int(),
  time: epochMsSchema,
  price: decimalTextSchema,
  priceChange: figureSchema,
  percentage: figureSchema,
  amountBase: decimalTextSchema,
  missingBase: decimalTextSchema,
  levels: z.array(decreaseLevelPlanSchema),
  strongStateChange: figureSchema.nullable(),
}) satisfies z.ZodType<DecreasePlan>;

/** What the planner says the engine will do next, and at what price. */
export const planSchema = z.object({
  now: epochMsSchema,
  increase: increasePlanSchema,
  decrease: decreasePlanSchema.nullable(),
}) satisfies z.ZodType<Plan>;

const runningComponentSchema = z.object({
  version: z.string().nullable(),
  sha: z.string().nullable(),
  eventTime: epochMsSchema.nullable(),
});
const componentVersionsSchema = z.object({
  running: runningComponentSchema,
  latest: releaseComponentSchema.nullable(),
});

/** The running and latest API and web app versions, and which part is behind. */
export const versionSummarySchema = z.object({
  api: componentVersionsSchema,
  gui: componentVersionsSchema,
  updateAvailable: z.enum(['BOTH', 'GUI', 'API']).nullable(),
}) satisfies z.ZodType<VersionSummary>;

/** Where the engine trades: the exchange and how (EXCHANGE_MODE, EXCHANGE, EXCHANGE_SANDBOX). */
export const exchangeVenueSchema = z.object({
  /** The exchange's id (binance, kraken, okx, coinbase, bitfinex), or `simulator`. */
  id: z.string(),
  /** Its name as people write it: 'Binance', 'Coinbase', 'Simulator'. */
  displayName: z.string(),
  /** simulator (replayed market, simulated fills), paper (live market, simulated fills) or live. */
  kind: z.enum(['simulator', 'paper', 'live']),
  /** Live orders on the exchange's sandbox / testnet: not real money. */
  sandbox: z.boolean(),
});
export type ExchangeVenue = z.infer<typeof exchangeVenueSchema>;

/**
 * The traded market's rules as the engine read them from the exchange (docs/exchanges.md,
 * Markets and rules): amounts in BTC, prices and the notional in the quote asset, exact decimals.
 */
export const marketRulesViewSchema = z.object({
  /** 'BTC/USDT'. */
  symbol: z.string(),
  /** An order's BTC amount is a multiple of this. */
  amountStep: decimalTextSchema,
  /** Smallest order in BTC. */
  minAmount: decimalTextSchema,
  /** Smallest order value in the quote asset ('0' where the exchange sets none). */
  minNotional: decimalTextSchema,
  /** Price step in the quote asset; null where the exchange reports none. */
  priceStep: decimalTextSchema.nullable(),
  /** Taker fee in percent (0.1 = 0.1 %); null where the exchange's markets report none. */
  takerFeePercent: decimalTextSchema.nullable(),
  /** The asset a market buy's fee is charged in (the bought BTC or the spent quote); null: not known. */
  buyFeeAsset: z.string().nullable(),
});
export type MarketRulesView = z.infer<typeof marketRulesViewSchema>;

/**
 * What the operator trades on; `simulated` is true for anything that is not real money (the
 * simulator, paper trading and an exchange's sandbox).
 */
export const exchangeConfigSchema = z.object({
  name: z.string(),
  simulated: z.boolean(),
  /**
   * The market runs on its own replay clock (the simulator): market data, positions, trades and
   * transactions carry the replay's times; notifications, errors and sessions the wall clock's.
   */
  replay: z.boolean(),
  baseAsset: z.string(),
  quoteAsset: z.string(),
  /** The engine's mode: starting, reconciling, trading, standby, backing-off, stopped. */
  mode: z.string(),
  venue: exchangeVenueSchema,
  /** The market's rules; null until the engine's first tick has read them. */
  market: marketRulesViewSchema.nullable(),
});
export type ExchangeConfig = z.infer<typeof exchangeConfigSchema>;

/** The unread counts that drive the notification and Server badges. */
export const unreadCountsSchema = z.object({
  unreadNotifications: z.number().int().min(0),
  unreadAPIErrors: z.number().int().min(0),
});
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

/**
 * `GET /data-join/app-essentials`. Before the engine's first tick marketState, position, plan
 * and price are null.
 */
export const appEssentialsSchema = unreadCountsSchema.extend({
  /** The server's clock when it answered, epoch ms. */
  serverTime: epochMsSchema,
  version: versionSummarySchema,
  user: sessionUserSchema,
  exchangeConfig: exchangeConfigSchema,
  marketState: marketStateSchema.nullable(),
  /** The active position, as GET /position/record/:id gives it. */
  position: positionRecordSchema.nullable(),
  plan: planSchema.nullable(),
  /** BTC price in the quote asset; null before the first tick. */
  price: decimalTextSchema.nullable(),
  /**
   * The last tick's market time (the replay's on the simulator), epoch ms; null before the first
   * tick. What "now" means for positions and trades (a manual trade's default time).
   */
  marketTime: epochMsSchema.nullable(),
});
export type AppEssentials = z.infer<typeof appEssentialsSchema>;

/**
 * The stream's per-tick `essentials` event: the window cut to its last 2 candles and no
 * serverTime (the app keeps version, user and exchangeConfig from the full essentials).
 */
export const streamEssentialsSchema = unreadCountsSchema.extend({
  /** The tick's time (the simulator's market time on the simulator), epoch ms. */
  time: epochMsSchema,
  price: decimalTextSchema,
  mode: z.string(),
  marketState: marketStateSchema,
  position: positionRecordSchema.nullable(),
  plan: planSchema.nullable(),
});
export type StreamEssentials = z.infer<typeof streamEssentialsSchema>;

/** A state value, for code that reads one from the contract. */
export type { MarketStateValue };
