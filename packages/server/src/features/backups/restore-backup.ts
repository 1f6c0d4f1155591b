import { CodedError, isCodedError } from '@balancer/core';
import { sql } from 'kysely';
import { ENGINE_LOCK_KEY } from '../../platform/engine-lock.js';
import { type BackupHeader, keyMatches, parseBodyLine } from './format.js';
import { type OpenBackup, openBackup } from './read-backup.js';
import { checkMigrations, dropAppObjects, migrateTo, migrateToLatestIn } from './restore-schema.js';
import { type AnyDb, appTables } from './schema-info.js';

export interface RestoreOptions {
  file: string;
  /** The configuration's ENCRYPTION_KEY, checked against the backup's keyCheck. */
  encryptionKey: string;
  /** Restore even when the backup was made under another ENCRYPTION_KEY. */
  ignoreKeyMismatch?: boolean;
}

export interface RestoreSummary {
  path: string;
  createdAt: string;
  tables: number;
  rows: number;
  /** Migrations of this version applied on top of the backup's. */
  migrated: string[];
}

/** Refuses, before anything is touched, a backup this database cannot take. */
export function checkHeader(header: BackupHeader, options: RestoreOptions): void {
  checkMigrations(header);
  if (!options.ignoreKeyMismatch && !keyMatches(header, options.encryptionKey)) {
    throw new CodedError('BACKUP_KEY_MISMATCH');
  }
}

/** Inserts the file's rows in file order (parents first); returns the rows per table. */
async function loadRows(db: AnyDb, backup: OpenBackup): Promise<Map<string, number>> {
  const tables = new Map((await appTables(db)).map((table) => [table.name, table]));
  const expected = backup.header.tables.map((table) => table.name);
  if (expected.length !== tables.size || expected.some((name) => !tables.has(name))) {
    throw new CodedError('BACKUP_NOT_A_BACKUP', 'its tables do not match its migrations');
  }
  const loaded = new Map(expected.map((name) => [name, 0]));
  let trailer: number | undefined;
  for await (const line of backup.body) {
    if (trailer !== undefined) throw new CodedError('BACKUP_NOT_A_BACKUP', 'lines after the end mark');
    const body = parseBodyLine(line);
    if (body.kind === 'end') {
      trailer = body.rows;
      continue;
    }
    const table = tables.get(body.table);
    if (!table) throw new CodedError('BACKUP_NOT_A_BACKUP', `rows of an unknown table ${body.table}`);
    const columns = sql.join(table.columns.map(({ name }) => sql.id(name)));
    // The file's types, as the dump wrote them (json columns as text), then cast to the table's.
    const definition = sql.join(
      table.columns.map(({ name, type, asText }) => sql`${sql.id(name)} ${sql.raw(asText ? 'text' : type)}`),
    );
    const values = sql.join(
      table.columns.map(({ name, type, asText }) =>
        asText ? sql`${sql.id(name)}::${sql.raw(type)}` : sql.id(name),
      ),
    );
    // OVERRIDING SYSTEM VALUE keeps the ids of GENERATED ALWAYS identity columns.
    const result = await sql`insert into ${sql.table(table.name)} (${columns}) overriding system value
      select ${values} from json_to_recordset(${body.rowsJson}::json) as r(${definition})`.execute(db);
    loaded.set(table.name, (loaded.get(table.name) ?? 0) + Number(result.numAffectedRows ?? 0));
  }
  const total = [...loaded.values()].reduce((sum, rows) => sum + rows, 0);
  const short = backup.header.tables.find((table) => loaded.get(table.name) !== table.rows);
  if (trailer !== total || short) throw new CodedError('BACKUP_NOT_A_BACKUP', 'the file is incomplete');
  return loaded;
}

async function restoreIn(db: AnyDb, backup: OpenBackup): Promise<RestoreSummary> {
  const { header } = backup;
  await dropAppObjects(db);
  // The rows go into the schema they came from; this version's later migrations then convert them.
  await migrateTo(db, header.migrations[header.migrations.length - 1] as string);
  const loaded = await loadRows(db, backup);
  for (const sequence of header.sequences) {
    await sql`select setval(format('%I', ${sequence.name}::text)::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`.execute(
      db,
    );
  }
  const migrated = await migrateToLatestIn(db);
  const rows = [...loaded.values()].reduce((sum, count) => sum + count, 0);
  return { path: '', createdAt: header.createdAt, tables: loaded.size, rows, migrated };
}

/**
 * Replaces the whole database with a backup's content, in ONE transaction: the schema is rebuilt
 * at the backup's migration level, its rows and sequences loaded, then migrated to this version.
 * Any failure (a damaged file, a constraint) rolls everything back. Refused while an engine holds
 * the engine lock (the platform runs on this database); the lock is held until the end, so no
 * engine starts halfway.
 */
export async function restoreBackup(db: AnyDb, options: RestoreOptions): Promise<RestoreSummary> {
  const backup = await openBackup(options.file);
  try {
    checkHeader(backup.header, options);
    return await db.connection().execute(async (conn) => {
      const lock = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(${ENGINE_LOCK_KEY}) as locked`.execute(conn);
      if (lock.rows[0]?.locked !== true) throw new CodedError('BACKUP_PLATFORM_RUNNING');
      try {
        await sql`begin`.execute(conn);
        try {
          const summary = await restoreIn(conn, backup);
          await sql`commit`.execute(conn);
          // Fresh planner statistics for the restored rows: without them a keyset page of a year
          // of trades was read by scanning every later row (PGlite analyzes only hourly, in the
          // storage maintenance; PostgreSQL's autovacuum only once it gets to it).
          await sql`analyze`.execute(conn);
          return { ...summary, path: options.file };
        } catch (error) {
          await sql`rollback`.execute(conn);
          const detail = isCodedError(error) ? error.codedMessage : (error as Error).message;
          throw new CodedError('BACKUP_RESTORE_FAILED', detail, { cause: error });
        }
      } finally {
        await sql`select pg_advisory_unlock(${ENGINE_LOCK_KEY})`.execute(conn);
      }
    });
  } finally {
    await backup.close();
  }
}
