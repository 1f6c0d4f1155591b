import { type ApiErrorRecord, withSafeText } from '@balancer/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import { countAboveReadMarks } from '../../db/unread.js';

/** One logged API error as the API returns it (core's contract). */
export type { ApiErrorRecord };

export type NewApiError = Omit<ApiErrorRecord, 'id' | 'repeats' | 'nickname'>;

const COLUMNS = [
  'id',
  'route',
  'url',
  'method',
  'user_id',
  'ip',
  'error',
  'code',
  'args',
  'event_time',
  'repeats',
] as const;

/**
 * Stores one error; returns its id. Every text is made storable first (withSafeText): a refused
 * request may carry a NUL or a lone surrogate, which PostgreSQL's text and jsonb refuse, and its
 * row must still be written.
 */
export async function insertApiError(db: Kysely<Database>, row: NewApiError): Promise<string> {
  const safe = withSafeText(row);
  const inserted = await db
    .insertInto('api_error')
    .values({ ...safe, args: JSON.stringify(safe.args ?? null) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Sets how many times the error of row `id` came (the collapse of service.ts). */
export async function setRepeats(db: Kysely<Database>, id: string, repeats: number): Promise<void> {
  await db.updateTable('api_error').set({ repeats }).where('id', '=', id).execute();
}

/** Newest first, ids below the exclusive cursor `startAtID`, each with its caller's nickname. */
export async function listApiErrors(
  db: Kysely<Database>,
  page: { limit: number; startAtID?: number | undefined },
): Promise<ApiErrorRecord[]> {
  let query = db
    .selectFrom('api_error')
    .leftJoin('users', 'users.id', 'api_error.user_id')
    .select(COLUMNS.map((column) => `api_error.${column}` as const))
    .select('users.nickname')
    .orderBy('api_error.id', 'desc')
    .limit(page.limit);
  if (page.startAtID !== undefined) query = query.where('api_error.id', '<', String(page.startAtID));
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), event_time: Number(row.event_time) }));
}

/** Deletes every row; returns how many there were. */
export async function deleteAllApiErrors(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom('api_error').executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Moves a user's read mark up to `id` (never down: an older page read later changes nothing). */
export async function raiseReadMark(db: Kysely<Database>, userId: string, id: number): Promise<void> {
  await db
    .insertInto('api_error_read_mark')
    .values({ user_id: userId, last_read_id: String(id) })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        last_read_id: sql`greatest(api_error_read_mark.last_read_id, excluded.last_read_id)`,
      }),
    )
    .execute();
}

/**
 * The errors logged since each user last listed them, for several users in one query
 * (the stream reads every connected user's count each tick): db/unread.ts.
 */
export function countUnreadByUser(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  return countAboveReadMarks(db, 'api_error', 'api_error_read_mark', userIds);
}

/** How many errors have an id above the user's read mark (all of them without a mark). */
export async function countUnread(db: Kysely<Database>, userId: string): Promise<number> {
  return (await countUnreadByUser(db, [userId])).get(userId) ?? 0;
}
