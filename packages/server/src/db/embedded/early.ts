import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DataDirLock } from '../data-dir-lock.js';
import { PgliteThread } from './thread.js';

// Kept light (no pg, no kysely): main.ts imports it before the rest of the server to start the
// database's thread first.

/** A database thread started on a locked data folder. */
export interface Started {
  lock: DataDirLock;
  thread: PgliteThread;
}

/** Opens started by openDatabaseEarly, by data folder, until openEmbedded takes them. */
const early = new Map<string, Started | Error>();

/** Locks `dataDir` and starts its database thread (which begins opening PGlite at once). */
export function startEmbedded(dataDir: string): Started {
  const dir = path.join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Two processes on one PGlite folder would corrupt it: the lock refuses the second one.
  const lock = DataDirLock.acquire(path.join(dataDir, 'pglite.lock'));
  try {
    return { lock, thread: new PgliteThread(dir) };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** The early start of this folder's database, if any (once: the caller owns it from then on). */
export function takeEarly(dataDir: string): Started | undefined {
  const key = path.resolve(dataDir);
  const prepared = early.get(key);
  early.delete(key);
  if (prepared instanceof Error) throw prepared;
  return prepared;
}

/**
 * Starts opening the embedded database now when `options` name it (no DATABASE_URL): PGlite's
 * ~1 s open runs on its thread while this one loads and builds the rest of the server. The next
 * openDatabase of that data folder takes it over and reports any failure (the folder locked by
 * another process, say); a process that never gets there (a start that failed before the
 * database) exits, which ends the thread.
 */
export function openDatabaseEarly(options: { databaseUrl?: string | undefined; dataDir: string }): void {
  if (options.databaseUrl) return;
  const key = path.resolve(options.dataDir);
  if (early.has(key)) return;
  try {
    early.set(key, startEmbedded(options.dataDir));
  } catch (error) {
    early.set(key, error as Error);
  }
}
