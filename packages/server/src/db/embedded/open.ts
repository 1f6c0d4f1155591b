import { isCodedError } from '@balancer/core';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle } from '../connect.js';
import type { Database } from '../types.js';
import { WriteWatch } from '../write-watch.js';
import { startEmbedded, takeEarly } from './early.js';
import type { PgliteThread } from './thread.js';

/** The embedded database's handle, with its thread (tests stop it to play a crash). */
export interface EmbeddedHandle extends DatabaseHandle {
  readonly thread: PgliteThread;
}

/**
 * The embedded PGlite database, run by a worker thread of this process and reached with the same
 * `pg` driver as PostgreSQL: the pool's `stream` option gives each connection an in-process duplex
 * to the thread (worker-socket.ts) instead of a TCP socket, so no port is opened. PGlite is one
 * PostgreSQL backend: one connection (max 1), kept open (no idle timeout).
 */
export async function openEmbedded(
  dataDir: string,
  onPoolError?: (error: Error) => void,
): Promise<EmbeddedHandle> {
  const { lock, thread } = takeEarly(dataDir) ?? startEmbedded(dataDir);
  try {
    await thread.opened;
  } catch (error) {
    await thread.close().catch(() => {});
    lock.release();
    throw error;
  }
  // A stopped thread is reported once, whether the thread's exit or a connection's end is seen first.
  let stopReported = false;
  const report = (error: Error) => {
    if (isCodedError(error) && error.errorName === 'DATABASE_WORKER_FAILED') {
      if (stopReported) return;
      stopReported = true;
    }
    onPoolError?.(error);
  };
  thread.onFailure = report;
  const pool = new pg.Pool({
    stream: () => thread.connect(),
    // PGlite answers the startup message as its only user and database; no host, port or SSL.
    user: 'postgres',
    database: 'postgres',
    ssl: false,
    max: 1,
    idleTimeoutMillis: 0,
  });
  // An idle connection that fails must not crash the process (pg throws without a listener).
  pool.on('error', report);
  const writes = new WriteWatch();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [writes] });
  return {
    db,
    kind: 'pglite',
    writes,
    location: thread.dir,
    thread,
    close: async () => {
      try {
        await db.destroy();
      } finally {
        try {
          await thread.close();
        } finally {
          lock.release();
        }
      }
    },
  };
}
