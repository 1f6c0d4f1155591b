import { CodedError } from '@balancer/core';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { openEmbedded } from './embedded/open.js';
import type { Database } from './types.js';
import { WriteWatch } from './write-watch.js';

export type DatabaseKind = 'pglite' | 'postgresql';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Where the data lives: the PGlite folder, or the PostgreSQL URL without its password. */
  location: string;
  /** Counts every write through `db`, per table: caches of reads compare its versions. */
  writes: WriteWatch;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL URL; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
  onPoolError?: (error: Error) => void;
}

function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function openPostgres(url: string, onPoolError?: (error: Error) => void): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle client can lose its server; without a listener pg would crash the process.
  pool.on('error', (error) => onPoolError?.(error));
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new CodedError('DATABASE_UNAVAILABLE', `${redactUrl(url)}: ${(error as Error).message}`);
  }
  const writes = new WriteWatch();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [writes] });
  return { db, kind: 'postgresql', location: redactUrl(url), writes, close: () => db.destroy() };
}

/**
 * PostgreSQL through a `pg.Pool` on DATABASE_URL, else the embedded PGlite database in
 * `dataDir`, run by a worker thread and reached with the same `pg` driver (embedded/open.ts).
 */
export function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onPoolError)
    : openEmbedded(options.dataDir, options.onPoolError);
}
