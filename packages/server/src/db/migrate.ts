import { CodedError } from '@balancer/core';
import { type Kysely, type MigrationResultSet, Migrator, sql } from 'kysely';
import { migrations } from './migrations/index.js';

/**
 * Whether every migration is applied already, read with two plain queries (~10 ms; the migrator's
 * own check takes its lock and ~100 ms on the embedded database, every start). Any doubt (no table
 * yet, a name missing) answers false and the migrator decides.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migration table is not in the schema type
async function allApplied(db: Kysely<any>): Promise<boolean> {
  const found = await sql<{
    table: string | null;
  }>`select to_regclass('kysely_migration')::text as "table"`.execute(db);
  if (!found.rows[0]?.table) return false;
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const names = new Set(applied.rows.map((row) => row.name));
  return Object.keys(migrations).every((name) => names.has(name));
}

/** Applies every pending migration; returns the names applied by this call. */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  if (await allApplied(db)) return [];
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new CodedError('MIGRATION_FAILED', `${failed}: ${(result.error as Error).message}`, {
      cause: result.error,
    });
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
