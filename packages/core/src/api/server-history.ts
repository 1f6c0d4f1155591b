import { z } from 'zod';
import { SERVER_HISTORY_RANGES } from '../validation/server-history.js';
import { epochMsSchema, figureSchema } from './wire.js';

/** One point of the server's history: the average of the samples in its bucket, percent (0–100). */
export const serverHistoryPointSchema = z.object({
  /** The bucket's start, epoch ms (wall time). */
  at: epochMsSchema,
  cpu: figureSchema,
  memory: figureSchema,
  /** The busiest file system's use; null while no file system had a size. */
  disk: figureSchema.nullable(),
});
export type ServerHistoryPoint = z.infer<typeof serverHistoryPointSchema>;

/** `GET /server/history`: CPU, memory and disk over a range, oldest first (docs/server-monitor.md). */
export const serverHistorySchema = z.object({
  range: z.enum(SERVER_HISTORY_RANGES),
  /** Each point averages this many ms of samples. */
  bucketMs: z.number().int().positive(),
  points: z.array(serverHistoryPointSchema),
});
export type ServerHistory = z.infer<typeof serverHistorySchema>;
