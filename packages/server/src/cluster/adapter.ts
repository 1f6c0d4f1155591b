import type { Config } from '../config/schema.js';
import type { Logger } from '../logging/logger.js';
import type { RealtimeServer } from '../realtime/socket.js';
import { adapterKind, type ClusterAdapterKind } from './adapter-kind.js';

export { adapterKind, type ClusterAdapterKind } from './adapter-kind.js';

/** The adapter attached to the Socket.IO server, and what it holds open. */
export interface ClusterLink {
  readonly kind: ClusterAdapterKind;
  /** Whether a message sent now can leave this instance (Redis: its client is connected). */
  ready(): boolean;
  /**
   * Settles once the other instances' messages reach this one (PostgreSQL: its LISTEN is up), so
   * an answer to a message sent from then on comes back. Redis: at once (start-up does not wait
   * for Redis); no adapter: at once.
   */
  readonly joined: Promise<void>;
  /** Closes the adapter and its connections (the pg pool, the Redis clients). */
  close(): Promise<void>;
}

export interface ClusterOptions {
  /** Channel prefix (Redis key prefix, NOTIFY channel prefix); default `balancer`. Tests use their own. */
  channel?: string;
}

/** Logs one kind of adapter failure (never with a URL: they may hold passwords). */
export type Warn = (what: string) => (error: unknown) => void;

/**
 * Attaches the adapter `adapterKind` chooses to `io`, so that a broadcast (`io.to(room).emit`,
 * `disconnectSockets`, `serverSideEmit`) reaches the sockets and servers of every instance, and
 * `io.local` stays this instance's. Connections open in the background and reconnect by
 * themselves. Each adapter's module loads only when configured (the Redis client alone takes
 * ~0.5 s to load unbundled; an instance without it never pays for it).
 */
export async function attachClusterAdapter(
  io: RealtimeServer,
  config: Pick<Config, 'REDIS_URL' | 'DATABASE_URL'>,
  logger: Logger,
  options: ClusterOptions = {},
): Promise<ClusterLink> {
  const kind = adapterKind(config);
  const channel = options.channel ?? 'balancer';
  const warn: Warn = (what) => (error) =>
    logger.warn({ err: error, adapter: kind }, `stream adapter: ${what}`);
  if (kind === 'redis' && config.REDIS_URL) {
    const { attachRedis } = await import('./redis-link.js');
    return attachRedis(io, config.REDIS_URL, channel, warn, logger);
  }
  if (kind === 'postgresql' && config.DATABASE_URL) {
    const { attachPostgres } = await import('./postgres-link.js');
    return attachPostgres(io, config.DATABASE_URL, channel, warn);
  }
  return { kind: 'none', ready: () => false, joined: Promise.resolve(), close: async () => {} };
}
