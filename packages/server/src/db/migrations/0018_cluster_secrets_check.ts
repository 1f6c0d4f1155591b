import { type Kysely, sql } from 'kysely';

/**
 * Each instance's heartbeat also records a check value of its platform secrets
 * (cluster/instances/secrets-check.ts): an instance started with other secrets than the running
 * ones is refused. '' for rows written before (never compared). IF NOT EXISTS: a database
 * migrated by a development build of 0016 that had the column already has it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE cluster_instance ADD COLUMN IF NOT EXISTS secrets_check text NOT NULL DEFAULT ''`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE cluster_instance DROP COLUMN IF EXISTS secrets_check`.execute(db);
}
