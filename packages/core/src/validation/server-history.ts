import { z } from 'zod';

/**
 * The ranges of the server's history and their buckets: each answer holds at most a few hundred
 * points whatever is stored (6 h of minutes: 360; 48 h of 10 minutes: 288; 30 days of hours: 720).
 */
export const SERVER_HISTORY_RANGES = ['6h', '48h', '30d'] as const;
export type ServerHistoryRange = (typeof SERVER_HISTORY_RANGES)[number];

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
export const SERVER_HISTORY_WINDOWS: Record<ServerHistoryRange, { spanMs: number; bucketMs: number }> = {
  '6h': { spanMs: 6 * HOUR_MS, bucketMs: MINUTE_MS },
  '48h': { spanMs: 48 * HOUR_MS, bucketMs: 10 * MINUTE_MS },
  '30d': { spanMs: 30 * 24 * HOUR_MS, bucketMs: HOUR_MS },
};

/** Query of GET /server/history: `range`, 6 h by default. */
export const serverHistoryQuerySchema = z.object({
  range: z.enum(SERVER_HISTORY_RANGES, { error: 'The range must be 6h, 48h or 30d' }).default('6h'),
});
export type ServerHistoryQuery = z.infer<typeof serverHistoryQuerySchema>;
