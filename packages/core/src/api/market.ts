import { z } from 'zod';
import { marketStateSchema } from './essentials.js';
import { epochMsSchema, figureSchema } from './wire.js';

/*
 * The market-state reads of the last tick (`/market-state/<indicator>/state`), the crash records,
 * and the exchange's balances. Each state read is the tick's part of the market state with the
 * tick's `time`.
 */

const tickTime = { time: epochMsSchema };
const { windowState, liquidityState, coinsStates, reversalState } = marketStateSchema.shape;

/** `GET /market-state/window/state`: state and split states, with the window's candles. */
export const windowStateReadSchema = windowState.extend(tickTime);
/** `GET /market-state/liquidity/state`: bid dominance (50 and neutral when the book scored nothing). */
export const liquidityStateReadSchema = liquidityState.extend(tickTime);
/** `GET /market-state/coins/state`: per family (quote, base) and per symbol. */
export const coinsStateReadSchema = coinsStates.extend(tickTime);
/** `GET /market-state/reversal/state`: the crash in progress, or null. */
export const reversalStateReadSchema = z.object({
  reversalState: reversalState.unwrap().nullable(),
  ...tickTime,
});

/** A crash (`GET /market-state/reversal/records`); points are out of 100. */
export const crashRecordSchema = z.object({
  id: z.string(),
  start: epochMsSchema,
  end: epochMsSchema,
  highest_points: figureSchema,
  final_points: figureSchema,
  reversal_event_time: epochMsSchema.nullable(),
});
export type CrashRecord = z.infer<typeof crashRecordSchema>;
export const crashRecordListSchema = z.array(crashRecordSchema);

/** A crash's reversal points, one per minute, as parallel arrays (times in `id`). */
export const reversalHistorySchema = z.object({
  id: z.array(epochMsSchema),
  total: z.array(figureSchema),
  liquidity: z.array(figureSchema),
  coins_quote: z.array(figureSchema),
  coins_base: z.array(figureSchema),
});
export type ReversalHistory = z.infer<typeof reversalHistorySchema>;

/** `GET /position/balances`: free balances by asset (decimal text), read now. */
export const exchangeBalancesSchema = z.object({
  free: z.record(z.string(), z.string()),
  time: epochMsSchema,
  baseAsset: z.string(),
  quoteAsset: z.string(),
});
