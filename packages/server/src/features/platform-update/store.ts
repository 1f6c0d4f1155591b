import { releaseManifestSchema } from '@balancer/core';
import type { Kysely } from 'kysely';
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

export async function saveCheck(db: Kysely<Database>, check: StoredCheck, now: number): Promise<void> {
  const value = JSON.stringify(check);
  const updatedAt = new Date(now);
  await db
    .insertInto('platform_meta')
    .values({ key: VERSION_CHECK_KEY, value, updated_at: updatedAt })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: updatedAt }))
    .execute();
}
