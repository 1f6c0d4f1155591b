import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { RealtimeServer } from '../realtime/socket.js';
import type { ClusterLink, Warn } from './adapter.js';

/** The application name of the link's connections (pg_stat_activity shows it). */
export const STREAM_LINK_APPLICATION = 'balancer-stream';

/** The attachments' table (migration 0014): messages over NOTIFY's 8,000 bytes go through it. */
export const ATTACHMENT_TABLE = 'socket_io_attachments';

/**
 * The PostgreSQL adapter (docs/cluster.md): LISTEN/NOTIFY on the shared database through a pool
 * of its own, closed by `close`.
 */
export function attachPostgres(io: RealtimeServer, url: string, channel: string, warn: Warn): ClusterLink {
  // One connection LISTENs, one sends (NOTIFY, attachments); nothing else uses this pool.
  const pool = new pg.Pool({ connectionString: url, max: 2, application_name: STREAM_LINK_APPLICATION });
  pool.on('error', warn('database connection lost'));
  const listener = heldConnections(pool);
  io.adapter(
    createAdapter(listener.pool, {
      channelPrefix: channel,
      tableName: ATTACHMENT_TABLE,
      errorHandler: warn('a message could not be sent or read'),
    }),
  );
  return {
    kind: 'postgresql',
    // A NOTIFY sent before the LISTEN is up would go out, but its answer would be lost.
    ready: () => listener.listening,
    joined: listener.joined,
    close: async () => {
      io.of('/').adapter.close();
      // The adapter gives its LISTEN connection back when it has it; taken while it was still
      // starting (a start that fails early), the connection would stay out and pool.end() wait
      // for it for ever: what is still held is ended here, and the wait is bounded all the same.
      listener.close();
      await Promise.race([pool.end(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    },
  };
}

interface HeldConnections {
  pool: pg.Pool;
  close: () => void;
  /** True once the adapter's LISTEN has been answered (and it stays so across reconnections). */
  readonly listening: boolean;
  /** Settles when `listening` becomes true. */
  joined: Promise<void>;
}

/**
 * The pool as the adapter sees it: connections it takes with `connect` (its LISTEN connection)
 * are tracked until it gives them back, so `close` ends only those — never one a `query` is using,
 * which the pool gives back itself (ending that one too would release it twice). Once closed,
 * `connect` never answers, so the adapter's reconnection attempts stop there. The first LISTEN
 * answered on such a connection marks the link joined.
 */
function heldConnections(pool: pg.Pool): HeldConnections {
  const held = new Set<pg.PoolClient>();
  let closed = false;
  let listening = false;
  let markJoined: () => void = () => {};
  const joined = new Promise<void>((resolve) => {
    markJoined = resolve;
  });
  const facade = {
    query: pool.query.bind(pool),
    connect: async (): Promise<pg.PoolClient> => {
      if (closed) return new Promise<never>(() => {});
      const client = await pool.connect();
      if (closed) {
        client.release(true);
        return new Promise<never>(() => {});
      }
      const release = client.release;
      held.add(client);
      watchListen(client, () => {
        listening = true;
        markJoined();
      });
      client.release = (err?: Error | boolean) => {
        held.delete(client);
        release(err);
      };
      return client;
    },
  };
  return {
    pool: facade as unknown as pg.Pool,
    close: () => {
      closed = true;
      for (const client of [...held]) client.release(true);
    },
    get listening() {
      return listening;
    },
    joined,
  };
}

/** Calls `listened` when a `LISTEN` query on `client` (the adapter's) has been answered. */
function watchListen(client: pg.PoolClient, listened: () => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (typeof args[0] === 'string' && args[0].startsWith('LISTEN') && result instanceof Promise)
      result.then(listened, () => {});
    return result;
  };
}
