import { SERVER_HISTORY_WINDOWS, type ServerHistory, type ServerHistoryRange } from '@balancer/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import type { ServerSample } from './sample.js';

/** A minute sample's row span; an hour's merged row (retention.ts). */
export const MINUTE_SPAN_MS = 60_000;
export const HOUR_SPAN_MS = 3_600_000;

/** Keeps one sample (table server_sample, a small row a minute); a second one for the same ms is ignored. */
export async function recordSample(db: Kysely<Database>, sample: ServerSample): Promise<void> {
  await db
    .insertInto('server_sample')
    .values({
      span_ms: MINUTE_SPAN_MS,
      sampled_at: sample.sampledAt,
      cpu: sample.cpu.load,
      memory: sample.memory.percent,
      disk: sample.disk?.percent ?? null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The history over `range` before `now` (wall time, epoch ms), averaged per bucket, oldest first.
 * Bounded: at most spanMs / bucketMs + 1 points, whatever the table holds.
 */
export async function readHistory(
  db: Kysely<Database>,
  range: ServerHistoryRange,
  now: number,
): Promise<ServerHistory> {
  const { spanMs, bucketMs } = SERVER_HISTORY_WINDOWS[range];
  const bucket = sql<string>`sampled_at - sampled_at % ${sql.lit(bucketMs)}`;
  const rows = await db
    .selectFrom('server_sample')
    .select([
      bucket.as('at'),
      sql<number>`avg(cpu)`.as('cpu'),
      sql<number>`avg(memory)`.as('memory'),
      sql<number | null>`avg(disk)`.as('disk'),
    ])
    .where(sql`sampled_at`, '>=', now - spanMs)
    .where(sql`sampled_at`, '<=', now)
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .limit(Math.ceil(spanMs / bucketMs) + 1)
    .execute();
  return {
    range,
    bucketMs,
    points: rows.map((row) => ({
      at: Number(row.at),
      cpu: round1(Number(row.cpu)),
      memory: round1(Number(row.memory)),
      disk: row.disk === null ? null : round1(Number(row.disk)),
    })),
  };
}
