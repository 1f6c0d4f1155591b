import { z } from 'zod';
import { EQUITY_RANGES } from '../positions/equity.js';
import { decimalTextSchema, epochMsSchema } from './wire.js';

/** Query of `GET /position/equity`: `range`, 24 h by default. */
export const equityQuerySchema = z.object({
  range: z.enum(EQUITY_RANGES, { error: 'The range must be 24h, 7d, 90d or 2y' }).default('24h'),
});
export type EquityQuery = z.infer<typeof equityQuerySchema>;

/** One point of the equity history: the last sample of its bucket. */
export const equityPointSchema = z.object({
  /** The sample's market time, epoch ms (replay time on the simulator). */
  at: epochMsSchema,
  /** Free quote balance, 2 dp. */
  quote: decimalTextSchema,
  /** Free BTC balance. */
  base: decimalTextSchema,
  price: decimalTextSchema,
  /** quote + base × price, 2 dp. */
  equity: decimalTextSchema,
});
export type EquityPoint = z.infer<typeof equityPointSchema>;

/** `GET /position/equity`: the equity over a range before market now, oldest first (docs/trading-api.md). */
export const equityHistorySchema = z.object({
  range: z.enum(EQUITY_RANGES),
  /** Each point is the last sample of this many ms. */
  bucketMs: z.number().int().positive(),
  points: z.array(equityPointSchema),
});
export type EquityHistory = z.infer<typeof equityHistorySchema>;
