import { z } from 'zod';
import { PROFIT_PERIODS } from '../records/periods.js';
import type { ProfitRow, ProfitTotals } from '../records/profit.js';
import { decimalTextSchema, epochMsSchema } from './wire.js';

/**
 * A records range in a query: `from` and `to`, ISO dates in UTC (`from` inclusive, `to`
 * exclusive), both optional. Read as short text here; core's recordsRange checks them and
 * answers the records errors (6600–6602) rather than the generic 6503.
 */
export const recordsRangeQuerySchema = z.object({
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
});
export type RecordsRangeQuery = z.infer<typeof recordsRangeQuerySchema>;

/** Query of `GET /position/pnl`: the period (checked by readPeriod: 6603) and the range. */
export const profitQuerySchema = recordsRangeQuerySchema.extend({ period: z.string().max(20).optional() });
export type ProfitQuery = z.infer<typeof profitQuerySchema>;

const sums = {
  boughtBase: decimalTextSchema,
  boughtQuote: decimalTextSchema,
  soldBase: decimalTextSchema,
  soldQuote: decimalTextSchema,
  fees: decimalTextSchema,
  realisedPnl: decimalTextSchema,
  closedPositions: z.number().int().min(0),
};

export const profitRowSchema = z.object({
  start: epochMsSchema,
  end: epochMsSchema,
  ...sums,
  avgBuyPrice: decimalTextSchema.nullable(),
  avgSellPrice: decimalTextSchema.nullable(),
  equity: decimalTextSchema.nullable(),
}) satisfies z.ZodType<ProfitRow>;

/** `GET /position/pnl`: profit by period in the quote asset (docs/records.md). */
export const profitTableSchema = z.object({
  period: z.enum(PROFIT_PERIODS),
  from: epochMsSchema,
  to: epochMsSchema,
  quoteAsset: z.string(),
  /** True on the simulator: every figure comes from the replay (its trades and its clock). */
  replay: z.boolean(),
  rows: z.array(profitRowSchema),
  totals: z.object(sums) satisfies z.ZodType<ProfitTotals>,
});
export type ProfitTable = z.infer<typeof profitTableSchema>;
