import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { CodedError } from '@balancer/core';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A pid file that keeps a second process off the same embedded database. */
export class DataDirLock {
  private constructor(private readonly file: string) {}

  static acquire(file: string): DataDirLock {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new CodedError(
          'DATABASE_UNAVAILABLE',
          `the embedded database serves one instance and is in use by another Balancer process (pid ${holder}); stop it, or set DATABASE_URL (PostgreSQL) to run more than one instance`,
        );
      }
      // A stale lock from a process that died: take it over.
      writeFileSync(file, String(process.pid), { mode: 0o600 });
    }
    return new DataDirLock(file);
  }

  release(): void {
    try {
      if (readFileSync(this.file, 'utf8').trim() === String(process.pid)) rmSync(this.file);
    } catch {
      // Already gone: nothing to release.
    }
  }
}
