import { CodedError } from '@balancer/core';
import { type MigrationResultSet, Migrator, sql } from 'kysely';
import { migrations } from '../../db/migrations/index.js';
import type { BackupHeader } from './format.js';
import type { AnyDb } from './schema-info.js';

/** This version's migrations, in the order they run. */
export function knownMigrations(): string[] {
  return Object.keys(migrations).sort();
}

/** The backup's migrations must be this version's first ones: else it comes from a newer version. */
export function checkMigrations(header: BackupHeader): void {
  const known = knownMigrations();
  const unknown = header.migrations.filter((name, index) => known[index] !== name);
  if (unknown.length > 0) throw new CodedError('BACKUP_TOO_NEW', `unknown migrations: ${unknown.join(', ')}`);
}

/**
 * A migrator that runs inside the caller's transaction (`db` is bound to one connection on which
 * the caller ran BEGIN). Migrations must therefore not open transactions of their own.
 */
function migratorIn(db: AnyDb): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, disableTransactions: true });
}

function applied(result: MigrationResultSet): string[] {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new CodedError('MIGRATION_FAILED', `${failed}: ${(result.error as Error).message}`, {
      cause: result.error,
    });
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function migrateTo(db: AnyDb, name: string): Promise<string[]> {
  return applied(await migratorIn(db).migrateTo(name));
}

export async function migrateToLatestIn(db: AnyDb): Promise<string[]> {
  return applied(await migratorIn(db).migrateToLatest());
}

/**
 * Drops every table, view and sequence of the current schema (the migrator's tables too), leaving
 * what extensions installed and the schema itself (with its owner and grants) in place. Inside
 * the restore's transaction: a failure later brings all of it back.
 */
export async function dropAppObjects(db: AnyDb): Promise<void> {
  const objects = await sql<{ statement: string }>`
    select format('drop %s if exists %I.%I cascade',
      case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence'
        else 'table' end, n.nspname, c.relname) as statement
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm', 'S')
      and not exists (select 1 from pg_depend d
        where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
    order by c.relkind = 'S', c.relname`.execute(db);
  for (const { statement } of objects.rows) await sql.raw(statement).execute(db);
}
