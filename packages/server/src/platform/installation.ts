import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

export interface Installation {
  id: string;
  firstStartedAt: string;
}

/** This installation's identity, created on the first start and kept in the database. */
export async function ensureInstallation(db: Kysely<Database>, now: Date): Promise<Installation> {
  await db
    .insertInto('platform_meta')
    .values([
      { key: 'installation_id', value: randomUUID(), updated_at: now },
      { key: 'first_started_at', value: now.toISOString(), updated_at: now },
    ])
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const rows = await db
    .selectFrom('platform_meta')
    .select(['key', 'value'])
    .where('key', 'in', ['installation_id', 'first_started_at'])
    .execute();
  const get = (key: string) => rows.find((row) => row.key === key)?.value ?? '';
  return { id: get('installation_id'), firstStartedAt: get('first_started_at') };
}
