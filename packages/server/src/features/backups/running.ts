import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Where a running server answers backup requests (embedded database only). */
export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, 'control.sock');
}

/**
 * The pid of the live process holding the embedded database of `dataDir` (db/connect.ts keeps
 * its pid in `pglite.lock`), or undefined when none does. The caller's own pid counts: a process
 * that runs the platform itself must not open the database a second time either.
 */
export function embeddedDatabaseHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
