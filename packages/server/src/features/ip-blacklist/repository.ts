import type { IpBlacklistEntry } from '@balancer/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';

/** One blacklisted address as the API returns it (core's contract). */
export type { IpBlacklistEntry };

export interface IpBlacklistPage {
  limit: number;
  /** Exclusive cursor: entries with a smaller id. */
  startAtID?: number | undefined;
  /** Lower-case texts of which one must occur in the IP or the notes. */
  searchTerms?: readonly string[];
}

const COLUMNS = ['id', 'ip', 'notes', 'event_time'] as const;

function toEntry(row: {
  id: string;
  ip: string;
  notes: string | null;
  event_time: string;
}): IpBlacklistEntry {
  return { id: Number(row.id), ip: row.ip, notes: row.notes, event_time: Number(row.event_time) };
}

/** True when the error is PostgreSQL's unique_violation (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export async function allIps(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('ip_blacklist').select('ip').execute();
  return rows.map((row) => row.ip);
}

/** Newest first. The search uses strpos, not LIKE, so '%' and '_' in the text need no escaping. */
export async function listEntries(db: Kysely<Database>, page: IpBlacklistPage): Promise<IpBlacklistEntry[]> {
  let query = db.selectFrom('ip_blacklist').select(COLUMNS).orderBy('id', 'desc').limit(page.limit);
  if (page.startAtID !== undefined) query = query.where('id', '<', String(page.startAtID));
  const terms = page.searchTerms ?? [];
  if (terms.length > 0) {
    query = query.where((eb) =>
      eb.or(
        terms.flatMap((term) => [
          eb(sql`strpos(lower(ip), ${term})`, '>', 0),
          eb(sql`strpos(lower(coalesce(notes, '')), ${term})`, '>', 0),
        ]),
      ),
    );
  }
  return (await query.execute()).map(toEntry);
}

/** Inserts the entry; undefined when the IP is already listed. */
export async function insertEntry(
  db: Kysely<Database>,
  values: { ip: string; notes: string | null; event_time: number },
): Promise<IpBlacklistEntry | undefined> {
  const row = await db
    .insertInto('ip_blacklist')
    .values(values)
    .onConflict((oc) => oc.column('ip').doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && toEntry(row);
}

/** Replaces the entry's IP and notes; returns the entry before and after, or undefined if absent. */
export async function replaceEntry(
  db: Kysely<Database>,
  id: number,
  values: { ip: string; notes: string | null; event_time: number },
): Promise<{ before: IpBlacklistEntry; after: IpBlacklistEntry } | undefined> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('ip_blacklist')
      .select(COLUMNS)
      .where('id', '=', String(id))
      .forUpdate()
      .executeTakeFirst();
    if (!before) return undefined;
    const after = await trx
      .updateTable('ip_blacklist')
      .set(values)
      .where('id', '=', String(id))
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return { before: toEntry(before), after: toEntry(after) };
  });
}

export async function deleteEntry(db: Kysely<Database>, id: number): Promise<IpBlacklistEntry | undefined> {
  const row = await db
    .deleteFrom('ip_blacklist')
    .where('id', '=', String(id))
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && toEntry(row);
}
