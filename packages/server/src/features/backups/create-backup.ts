import { createWriteStream, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { CodedError, isCodedError } from '@balancer/core';
import { sql } from 'kysely';
import type { DatabaseKind } from '../../db/connect.js';
import { systemTime } from '../../shared/clock.js';
import { appVersion, type BackupHeader, batchLine, keyCheck, trailerLine } from './format.js';
import {
  type AnyDb,
  appliedMigrations,
  appTables,
  readSequence,
  schemaSequences,
  type TableInfo,
} from './schema-info.js';

export interface BackupOptions {
  /** Absolute path of the new file; it must not exist yet. */
  file: string;
  encryptionKey: string;
  databaseKind: DatabaseKind;
  now?: Date;
}

export interface BackupSummary {
  path: string;
  tables: number;
  rows: number;
  /** Size of the gzip file. */
  bytes: number;
}

/** Rows per fetch from the cursor, and per line of the file. */
const BATCH_ROWS = 500;

async function* backupLines(db: AnyDb, header: BackupHeader, tables: TableInfo[]): AsyncGenerator<string> {
  yield `${JSON.stringify(header)}\n`;
  let total = 0;
  for (const table of tables) {
    const order =
      table.primaryKey.length > 0
        ? sql`order by ${sql.join(table.primaryKey.map((column) => sql.id('t', column)))}`
        : sql``;
    const columns = sql.join(
      table.columns.map(({ name, asText }) =>
        asText ? sql`${sql.id(name)}::text as ${sql.id(name)}` : sql.id(name),
      ),
    );
    await sql`declare backup_rows no scroll cursor for
      select row_to_json(t)::text as row from (select ${columns} from ${sql.table(table.name)}) as t ${order}`.execute(
      db,
    );
    let rows = 0;
    for (;;) {
      const batch = await sql<{ row: string }>`fetch forward ${sql.lit(BATCH_ROWS)} from backup_rows`.execute(
        db,
      );
      if (batch.rows.length === 0) break;
      rows += batch.rows.length;
      yield batchLine(
        table.name,
        batch.rows.map((row) => row.row),
      );
    }
    await sql`close backup_rows`.execute(db);
    // One snapshot for the whole dump: the count taken at its start must hold.
    const expected = header.tables.find((entry) => entry.name === table.name)?.rows;
    if (rows !== expected) {
      throw new CodedError('BACKUP_WRITE_FAILED', `${table.name}: counted ${expected} rows, dumped ${rows}`);
    }
    total += rows;
  }
  yield trailerLine(total);
}

/**
 * Writes a backup of the whole database from one REPEATABLE READ READ ONLY transaction: one
 * snapshot for every table, so it is consistent while the platform keeps writing. The file
 * appears only when complete (written under `.partial`, then renamed), with mode 0600: it holds
 * password hashes and encrypted secrets.
 */
export async function createBackup(db: AnyDb, options: BackupOptions): Promise<BackupSummary> {
  const file = options.file;
  if (!path.isAbsolute(file)) throw new CodedError('BACKUP_WRITE_FAILED', `${file} is not an absolute path`);
  if (existsSync(file)) throw new CodedError('BACKUP_WRITE_FAILED', `${file} already exists`);
  const partial = `${file}.partial`;
  try {
    const summary = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const tables = await appTables(trx);
        const counted: BackupHeader['tables'] = [];
        for (const table of tables) {
          const count = await sql<{ n: string }>`select count(*) as n from ${sql.table(table.name)}`.execute(
            trx,
          );
          counted.push({ name: table.name, rows: Number(count.rows[0]?.n ?? 0) });
        }
        // Sequences are read after the snapshot began, so they are at or past every id it shows.
        const sequences = [];
        for (const name of await schemaSequences(trx)) sequences.push(await readSequence(trx, name));
        const header: BackupHeader = {
          format: 'balancer-backup',
          formatVersion: 1,
          createdAt: (options.now ?? new Date(systemTime())).toISOString(),
          appVersion: appVersion(),
          databaseKind: options.databaseKind,
          migrations: await appliedMigrations(trx),
          tables: counted,
          sequences,
          keyCheck: keyCheck(options.encryptionKey),
        };
        const output = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
        await pipeline(Readable.from(backupLines(trx, header, tables)), createGzip(), output);
        return { tables: counted.length, rows: counted.reduce((sum, table) => sum + table.rows, 0) };
      });
    renameSync(partial, file);
    return { path: file, ...summary, bytes: statSync(file).size };
  } catch (error) {
    rmSync(partial, { force: true });
    if (isCodedError(error)) throw error;
    throw new CodedError('BACKUP_WRITE_FAILED', (error as Error).message, { cause: error });
  }
}
