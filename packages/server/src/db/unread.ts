import { type Kysely, sql } from 'kysely';
import type { Database } from './types.js';

/**
 * Rows of `table` above each user's read mark (`markTable.last_read_id`, 0 without a mark), for
 * several users in one query: the unread counts of notifications and API errors (their
 * repositories name the tables), by user id. Users given twice are counted once; every given user
 * is in the answer.
 */
export async function countAboveReadMarks(
  db: Kysely<Database>,
  table: 'notification' | 'api_error',
  markTable: 'notification_read_mark' | 'api_error_read_mark',
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await sql<{ user_id: string; unread: string }>`
    select u.user_id, (select count(*) from ${sql.table(table)} t where t.id > coalesce(m.last_read_id, 0)) as unread
    from unnest(${[...new Set(userIds)]}::uuid[]) as u(user_id)
    left join ${sql.table(markTable)} m on m.user_id = u.user_id`.execute(db);
  return new Map(rows.map((row) => [row.user_id, Number(row.unread)]));
}
