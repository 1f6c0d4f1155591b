import { z } from 'zod';
import { Decimal } from '../numbers/decimal.js';
import { MAX_ATTEMPTS } from './types.js';

/** A decimal string that reads as a finite decimal; `positive` also wants > 0, else ≥ 0. */
function decimalString(positive: boolean) {
  return z.string().refine(
    (value) => {
      if (value.trim() === '') return false;
      try {
        const decimal = new Decimal(value);
        return decimal.isFinite() && (positive ? decimal.gt(0) : decimal.gte(0));
      } catch {
        return false; // bignumber.js throws on text that is not a number
      }
    },
    { message: positive ? 'must be a decimal string greater than 0' : 'must be a decimal string ≥ 0' },
  );
}

/** Epoch ms. */
export const timeSchema = z.number().int().min(0);
const sideSchema = z.enum(['BUY', 'SELL']);

export const balancesSchema = z.record(z.string().min(1), decimalString(false));

export const observedOrderSchema = z.object({
  clientOrderId: z.string().min(1),
  side: sideSchema,
  status: z.enum(['NEW', 'PARTIALLY_FILLED', 'FILLED', 'CANCELED', 'REJECTED', 'EXPIRED']),
  filled: decimalString(false),
  fills: z.array(
    z.object({
      id: z.string().min(1),
      price: decimalString(true),
      amount: decimalString(true),
      time: timeSchema,
    }),
  ),
});

export const executionResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), order: observedOrderSchema }),
  z.object({
    ok: z.literal(false),
    error: z.object({
      code: z.number().int(),
      recovery: z.enum(['retry', 'alert', 'reject']),
      message: z.string(),
    }),
  }),
]);

export const transactionInputSchema = z.object({
  id: z.string().min(1),
  side: sideSchema,
  amount: decimalString(true),
});

const logSchema = z.object({
  action: z.enum(['INITIAL_BALANCES', 'EXECUTION', 'CONFIRMATION']),
  outcome: z.boolean(),
  eventTime: timeSchema,
  error: z.string().optional(),
  payload: z.unknown().optional(),
});

export const transactionSchema = z.object({
  id: z.string().min(1),
  side: sideSchema,
  amount: decimalString(true),
  status: z.enum(['PROCESSING', 'SUCCEEDED', 'FAILED']),
  attempts: z.number().int().min(0).max(MAX_ATTEMPTS),
  eventTime: timeSchema,
  clientOrderId: z.string().min(1),
  logs: z.array(logSchema).min(1),
});
