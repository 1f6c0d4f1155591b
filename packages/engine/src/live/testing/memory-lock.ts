import type { EngineLock } from '../ports.js';

/**
 * In-process stand-in for the server's advisory lock: every lock made by one table competes for
 * the same slot, as engines on one database do. For tests and single-process use.
 */
export class MemoryLockTable {
  private holder: EngineLock | null = null;

  /** A new lock handle on this table (one per engine). */
  lock(): EngineLock {
    const handle: EngineLock = {
      holds: () => this.holder === handle,
      tryAcquire: async () => {
        if (this.holder !== null && this.holder !== handle) return false;
        this.holder = handle;
        return true;
      },
      release: async () => {
        if (this.holder === handle) this.holder = null;
      },
    };
    return handle;
  }

  /** Drops the holder without asking it, as PostgreSQL does when the lock's connection dies. */
  revoke(): void {
    this.holder = null;
  }

  get held(): boolean {
    return this.holder !== null;
  }
}
