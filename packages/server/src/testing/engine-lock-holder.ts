import { ENGINE_LOCK_KEY } from '../platform/engine-lock.js';

/**
 * Ends the session holding the engine lock of the CURRENT database (pg_locks lists every
 * database's locks: other test databases on the same server must be left alone). Test-only.
 */
export const ENGINE_LOCK_HOLDER_KILL = `SELECT pg_terminate_backend(pid) FROM pg_locks
  WHERE locktype = 'advisory' AND objid = ${ENGINE_LOCK_KEY} AND pid <> pg_backend_pid()
    AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
