import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * PostgreSQL's buffer cache inside PGlite. Its default, 128 MB, is all resident from the open on
 * (PGlite sets up the shared memory at start), a third of a small box; the embedded database holds
 * tens of MB and a page not cached here is one read from the OS's file cache away. 32 MB: RSS at
 * open 196 MB instead of 286 (measured on a Balancer data folder, PGlite alone).
 */
const EMBEDDED_SHARED_BUFFERS = '32MB';

/** How the server opens PGlite (embedded/worker.ts), and so how the template is made. */
export const EMBEDDED_PGLITE_OPTIONS: PGliteOptions = {
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
};
