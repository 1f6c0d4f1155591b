import { type Kysely, sql } from 'kysely';
import { DAY_MS, deleteBefore, HOUR_MS, type RetentionRule } from '../../db/retention.js';
import type { Database } from '../../db/types.js';
import { HOUR_SPAN_MS, MINUTE_SPAN_MS } from './history-repository.js';

/** The server's history: minute samples for 48 hours, then one averaged row an hour for 30 days. */
export const SERVER_HISTORY_LIMITS = { minutesMs: 48 * HOUR_MS, hoursMs: 30 * DAY_MS } as const;

/**
 * Merges the minute samples of every whole hour older than minutesMs into one row at the hour's
 * start (averages; an hour already merged keeps its row), deletes those minutes, then the rows
 * older than hoursMs. `now` is wall time, epoch ms. Returns the rows removed.
 */
export async function pruneServerHistory(db: Kysely<Database>, now: number): Promise<number> {
  const before = now - SERVER_HISTORY_LIMITS.minutesMs;
  const cutoff = before - (before % HOUR_MS);
  return db.transaction().execute(async (trx) => {
    await sql`
      insert into server_sample (span_ms, sampled_at, cpu, memory, disk)
      select ${sql.lit(HOUR_SPAN_MS)}, sampled_at - sampled_at % ${sql.lit(HOUR_MS)},
        avg(cpu), avg(memory), avg(disk)
      from server_sample
      where span_ms = ${sql.lit(MINUTE_SPAN_MS)} and sampled_at < ${cutoff}
      group by 2
      on conflict do nothing`.execute(trx);
    const minutes = await trx
      .deleteFrom('server_sample')
      .where('span_ms', '=', MINUTE_SPAN_MS)
      .where(sql`sampled_at`, '<', cutoff)
      .executeTakeFirst();
    const old = await deleteBefore(trx, 'server_sample', 'sampled_at', now - SERVER_HISTORY_LIMITS.hoursMs);
    return Number(minutes.numDeletedRows) + old;
  });
}

export const serverHistoryRetention: RetentionRule = {
  table: 'server_sample',
  keeps: 'one sample a minute for 48 hours, then one an hour (averages) for 30 days',
  apply: pruneServerHistory,
};
