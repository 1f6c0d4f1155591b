import { z } from 'zod';
import { idPageQuerySchema, openTimePageQuerySchema } from '../validation/pagination.js';
import { recordsRangeQuerySchema } from './profit.js';

/**
 * Filters of the Positions list (`GET /position/records`), each optional: open or closed, opened
 * within `from`–`to` (ISO dates, UTC; checked by recordsRange), and the result (profit > 0, loss < 0).
 */
export const POSITION_STATES = ['open', 'closed'] as const;
export const POSITION_RESULTS = ['profit', 'loss'] as const;
export const positionFilterQuerySchema = openTimePageQuerySchema.extend({
  ...recordsRangeQuerySchema.shape,
  state: z.enum(POSITION_STATES).optional(),
  result: z.enum(POSITION_RESULTS).optional(),
});
export type PositionFilterQuery = z.infer<typeof positionFilterQuerySchema>;

/**
 * Filters of the Transactions list (`GET /position/transactions`): side, state, placed within
 * `from`–`to`, and the reason it was placed: the strategy's increase or decrease, or the operator's
 * manual order.
 */
export const TRANSACTION_SIDES = ['BUY', 'SELL'] as const;
export const TRANSACTION_STATES = ['PROCESSING', 'SUCCEEDED', 'FAILED'] as const;
export const TRANSACTION_REASONS = ['increase', 'decrease', 'manual'] as const;
export const transactionFilterQuerySchema = idPageQuerySchema.extend({
  ...recordsRangeQuerySchema.shape,
  side: z.enum(TRANSACTION_SIDES).optional(),
  state: z.enum(TRANSACTION_STATES).optional(),
  reason: z.enum(TRANSACTION_REASONS).optional(),
});
export type TransactionFilterQuery = z.infer<typeof transactionFilterQuerySchema>;
