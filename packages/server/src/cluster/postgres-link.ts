import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { RealtimeServer } from '../realtime/socket.js';
import type { ClusterLink, Warn } from './adapter.js';

/** The attachments' table (migration 0014): messages over NOTIFY's 8,000 bytes go through it. */
export const ATTACHMENT_TABLE = 'socket_io_attachments';

/**
 * The PostgreSQL adapter (docs/cluster.md): LISTEN/NOTIFY on the shared database through a pool
 * of its own, closed by `close`.
 */
export function attachPostgres(io: RealtimeServer, url: string, channel: string, warn: Warn): ClusterLink {
  // One connection LISTENs, one sends (NOTIFY, attachments); nothing else uses this pool.
  const pool = new pg.Pool({ connectionString: url, max: 2, application_name: 'balancer-stream' });
  pool.on('error', warn('database connection lost'));
  const connections = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    connections.add(client);
    client.once('end', () => connections.delete(client));
  });
  io.adapter(
    createAdapter(pool, {
      channelPrefix: channel,
      tableName: ATTACHMENT_TABLE,
      errorHandler: warn('a message could not be sent or read'),
    }),
  );
  return {
    kind: 'postgresql',
    ready: () => true,
    close: async () => {
      io.of('/').adapter.close();
      // The adapter takes its LISTEN connection a moment after it starts; closed before it has
      // it (a start that fails early), it never gives it back and pool.end() would wait for it
      // for ever: every connection of the pool is ended, and the wait is bounded all the same.
      for (const client of connections) {
        try {
          client.release(true);
        } catch {
          // Already given back (idle): pool.end() ends it.
        }
      }
      await Promise.race([pool.end(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    },
  };
}
