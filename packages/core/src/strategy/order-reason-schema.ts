import { z } from 'zod';
import { CodedError } from '../errors/coded-error.js';
import type { OrderReason } from './order-reason.js';

/* The check of an order's reason (order-reason.ts), where it is stored and where the API answers it. */

const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'must be a non-negative decimal number as text');
const figure = z.number().finite();

/** What every reason holds: the price the decision used and the amounts it ordered. */
const used = {
  /** The price the decision used (quote per BTC). */
  price: decimal,
  /** BTC ordered. */
  amountBase: decimal,
  /** Its value at `price` (quote, 2 dp): the estimate the order was sized by. */
  amountQuote: decimal,
};

export const orderReasonSchema = z.discriminatedUnion('rule', [
  /** An automatic buy on a reversal event: opened a position, or added to the active one. */
  z.strictObject({
    rule: z.literal('reversal-event'),
    action: z.enum(['open', 'add']),
    points: figure,
    /** The reversal's points requirement when the event fired. */
    requirement: figure,
    /** For an add: the position's gain at `price` and the increase gain requirement (gain ≤ it). */
    gain: figure.nullable(),
    gainRequirement: figure.nullable(),
    ...used,
  }),
  /** An automatic sell of a decrease level (1–5). */
  z.strictObject({
    rule: z.literal('decrease-level'),
    level: z.number().int().min(1).max(5),
    gain: figure,
    /** The level's gain requirement (gain ≥ it). */
    requirement: figure,
    /** The level's share of the position, %. */
    share: figure,
    /** The whole position was sold: too small to sell in parts (docs/strategy.md#decrease). */
    wholePosition: z.boolean(),
    ...used,
  }),
  /** The operator's increase or decrease; `by` is their nickname (null when not known). */
  z.strictObject({
    rule: z.literal('manual'),
    side: z.enum(['BUY', 'SELL']),
    by: z.string().max(100).nullable(),
    /** A sell's requested share of the position, %; null for a buy. */
    share: figure.nullable(),
    wholePosition: z.boolean(),
    ...used,
  }),
]) satisfies z.ZodType<OrderReason>;

/** A stored reason read back; throws INVALID_ORDER_REASON when it is not one. */
export function readOrderReason(value: unknown): OrderReason {
  const parsed = orderReasonSchema.safeParse(value);
  if (!parsed.success) throw new CodedError('INVALID_ORDER_REASON', parsed.error.issues[0]?.message);
  return parsed.data;
}
