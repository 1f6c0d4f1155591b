import {
  CodedError,
  ERRORS,
  type ErrorName,
  type TransactionRecord,
  transactionRecordSchema,
} from '@balancer/core';
import { z } from 'zod';
import type { BusPayload } from '../../shared/cluster-bus.js';

/**
 * The messages of an engine command between instances (docs/cluster.md, Orders on any instance): a standby
 * instance asks, the instance whose engine trades accepts at once, runs the order and answers.
 */
export const ENGINE_COMMAND_TOPICS = {
  command: 'engine-command',
  accepted: 'engine-command-accepted',
  result: 'engine-command-result',
} as const;

/** POST /position/decrease: the share of the active position to sell, in % (1–100). */
export const decreaseBodySchema = z.strictObject({
  percentage: z
    .number({ error: 'The percentage must be a number from 1 to 100' })
    .min(1, 'The percentage must be a number from 1 to 100')
    .max(100, 'The percentage must be a number from 1 to 100'),
});

/** What the engine is asked to do: the manual orders of the API (POST /position/increase, /decrease). */
export const engineOrderSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('increase') }),
  z.strictObject({ kind: z.literal('decrease'), percentage: decreaseBodySchema.shape.percentage }),
]);
export type EngineOrder = z.infer<typeof engineOrderSchema>;

/** `engine-command`: one order, asked by the instance that authenticated the request. */
export const engineCommandSchema = z.strictObject({
  id: z.uuid(),
  order: engineOrderSchema,
  /** The operator whose request it is, by nickname (the logs name them on both instances; the order's reason keeps it). */
  by: z.string().min(1),
  /** The asker's wall time (epoch ms) when it sent the command. */
  sentAt: z.number().int(),
  /** How long the asker waits for `engine-command-accepted`, ms; past it, it answered ENGINE_STANDBY. */
  acceptWithinMs: z.number().int().positive(),
});
export type EngineCommand = z.infer<typeof engineCommandSchema>;

/** `engine-command-accepted`: the trading instance took command `id` of instance `to`. */
export const engineCommandAcceptedSchema = z.strictObject({ id: z.uuid(), to: z.string() });

const errorNameSchema = z
  .string()
  .refine((name): name is ErrorName => Object.hasOwn(ERRORS, name), 'not an error of the catalogue');

/** `engine-command-result`: the transaction the route answers, or the coded error it answers. */
export const engineCommandResultSchema = z.union([
  z.strictObject({ id: z.uuid(), to: z.string(), ok: transactionRecordSchema }),
  z.strictObject({
    id: z.uuid(),
    to: z.string(),
    error: z.strictObject({ name: errorNameSchema, detail: z.string().optional() }),
  }),
]);
export type EngineCommandResult = z.infer<typeof engineCommandResultSchema>;

/** The result message of `outcome` (a transaction, or what the engine threw). */
export function resultPayload(
  id: string,
  to: string,
  outcome: { ok: TransactionRecord } | { error: unknown },
): BusPayload {
  if ('ok' in outcome) return { id, to, ok: outcome.ok as unknown as BusPayload };
  const error = outcome.error instanceof CodedError ? outcome.error : new CodedError('INTERNAL_ERROR');
  return {
    id,
    to,
    error: { name: error.errorName, ...(error.detail === undefined ? {} : { detail: error.detail }) },
  };
}

/** The transaction of a result, or its coded error thrown as the route would have thrown it. */
export function resultOutcome(result: EngineCommandResult): TransactionRecord {
  if ('ok' in result) return result.ok;
  throw new CodedError(result.error.name as ErrorName, result.error.detail);
}
