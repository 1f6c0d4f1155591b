import { releaseManifestSchema } from '@balancer/core';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/types.js';

/** The platform_meta key of the last check's result. */
export const VERSION_CHECK_KEY = 'version_check';

/** What survives a restart: the last result, the last known release, and what was announced. */
export const storedCheckSchema = z.object({
  status: z.enum(['never-checked', 'ok', 'unreachable', 'invalid']),
  lastCheckedAt: z.int().min(0).nullable(),
  error: z.string().max(500).nullable(),
  latest: releaseManifestSchema.nullable(),
  /** `api@gui` versions of the release last announced by a notification (once per release). */
  notified: z.string().max(250).nullable(),
});
export type StoredCheck = z.infer<typeof storedCheckSchema>;

export const EMPTY_CHECK: StoredCheck = {
  status: 'never-checked',
  lastCheckedAt: null,
  error: null,
  latest: null,
  notified: null,
};

/** The stored result; a missing or unreadable row (an older format) reads as never checked. */
export async function loadCheck(db: Kysely<Database>): Promise<StoredCheck> {
  const row = await db
    .selectFrom('platform_meta')
    .select('value')
    .where('key', '=', VERSION_CHECK_KEY)
    .executeTakeFirst();
  if (!row) return EMPTY_CHECK;
  try {
    const parsed = storedCheckSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : EMPTY_CHECK;
  } catch {
    return EMPTY_CHECK;
  }
}

/**
 * Stores a check's result. The release announced is kept as stored (only `claimAnnouncement`
 * changes it): another instance may have announced one since this one read the row.
 */
export async function saveCheck(db: Kysely<Database>, check: StoredCheck, now: number): Promise<void> {
  const value = JSON.stringify(check);
  const updatedAt = new Date(now);
  await db
    .insertInto('platform_meta')
    .values({ key: VERSION_CHECK_KEY, value, updated_at: updatedAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        value: sql<string>`jsonb_set(excluded.value::jsonb, '{notified}', coalesce(platform_meta.value::jsonb -> 'notified', 'null'::jsonb))::text`,
        updated_at: updatedAt,
      }),
    )
    .execute();
}

/**
 * Marks release `key` announced unless it already is: true for exactly one caller among instances
 * racing to announce it (one conditional update of the stored row, which `saveCheck` wrote first).
 */
export async function claimAnnouncement(db: Kysely<Database>, key: string): Promise<boolean> {
  const claimed = await db
    .updateTable('platform_meta')
    .set({ value: sql<string>`jsonb_set(value::jsonb, '{notified}', to_jsonb(${key}::text))::text` })
    .where('key', '=', VERSION_CHECK_KEY)
    .where(sql<boolean>`(value::jsonb ->> 'notified') is distinct from ${key}`)
    .returning('key')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Gives a claimed announcement back (its notification could not be stored), so a later check retries. */
export async function releaseAnnouncement(
  db: Kysely<Database>,
  key: string,
  previous: string | null,
): Promise<void> {
  await db
    .updateTable('platform_meta')
    .set({
      value: sql<string>`jsonb_set(value::jsonb, '{notified}', coalesce(to_jsonb(${previous}::text), 'null'::jsonb))::text`,
    })
    .where('key', '=', VERSION_CHECK_KEY)
    .where(sql<boolean>`(value::jsonb ->> 'notified') = ${key}`)
    .execute();
}
