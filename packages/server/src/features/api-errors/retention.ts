import { type Kysely, sql } from 'kysely';
import { DAY_MS, type RetentionRule } from '../../db/retention.js';
import type { Database } from '../../db/types.js';

/**
 * The API error log's bounds: rows younger than 30 days, at most the newest 10,000 of them and at
 * most 5 MB of rows (pg_column_size of each whole row, newest first). With MAX_ARGS_BYTES per row
 * and the service's 60 rows a minute, a flood of refused requests cannot grow it further.
 */
export const API_ERROR_LIMITS = { maxAgeMs: 30 * DAY_MS, maxRows: 10_000, maxBytes: 5_000_000 } as const;

/**
 * Deletes the rows past the row and byte caps and, with `now` (epoch ms), those older than
 * maxAgeMs. One statement; the table is small by construction, so the window scan is cheap.
 */
export async function capApiErrors(db: Kysely<Database>, now?: number): Promise<number> {
  const { maxAgeMs, maxRows, maxBytes } = API_ERROR_LIMITS;
  const tooOld = now === undefined ? sql`false` : sql`event_time < ${now - maxAgeMs}`;
  const result = await sql`
    delete from api_error where id in (
      select id from (
        select id, event_time,
          row_number() over newest as n,
          sum(pg_column_size(api_error.*)) over newest as bytes
        from api_error
        window newest as (order by id desc)
      ) ranked
      where n > ${maxRows} or bytes > ${maxBytes} or ${tooOld})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export const apiErrorRetention: RetentionRule = {
  table: 'api_error',
  keeps: '30 days, at most 10,000 rows and 5 MB; read marks of existing users',
  async apply(db, now) {
    const deleted = await capApiErrors(db, now);
    const marks = await db
      .deleteFrom('api_error_read_mark')
      .where('user_id', 'not in', db.selectFrom('users').select('id'))
      .executeTakeFirst();
    return deleted + Number(marks.numDeletedRows);
  },
};
