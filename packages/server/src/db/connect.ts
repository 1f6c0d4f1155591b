import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { CodedError } from '@balancer/core';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { DataDirLock } from './data-dir-lock.js';
import type { Database } from './types.js';

export type DatabaseKind = 'pglite' | 'postgresql';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Where the data lives: the PGlite folder, or the PostgreSQL URL without its password. */
  location: string;
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgresql', location: redactUrl(url), close: () => db.destroy() };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const dir = path.join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Two processes on one PGlite folder would corrupt it: the lock refuses the second one.
  const lock = DataDirLock.acquire(path.join(dataDir, 'pglite.lock'));
  try {
    // PGlite costs ~0.5 s and ~100 MB to import: only load it when it is the database in use.
    const { PGlite } = await import('@electric-sql/pglite');
    const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
    const pglite = new PGlite(dir);
    await pglite.waitReady;
    const pool = new pg.Pool(createPgConfig(pglite) as unknown as pg.PoolConfig);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'pglite',
      location: dir,
      close: async () => {
        await db.destroy();
        await pglite.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

export function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onPoolError)
    : openPglite(options.dataDir);
}
