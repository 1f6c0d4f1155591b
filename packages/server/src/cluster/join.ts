import type { Config } from '../config/schema.js';
import type { Logger } from '../logging/logger.js';
import type { RealtimeServer } from '../realtime/socket.js';
import { attachClusterAdapter, type ClusterLink, type ClusterOptions } from './adapter.js';
import type { SocketBus } from './socket-bus.js';

/** How long start-up waits for the adapter to listen (milliseconds when the database answers). */
const JOIN_WAIT_MS = 5_000;

/**
 * Joins this instance to the others on its database: the stream's adapter (adapter.ts) on `io`,
 * and the cluster bus over it. Without an adapter (the embedded database) the bus stays local.
 * `close` stops the bus, then closes the adapter's connections (platform/start.ts's stop).
 */
export async function joinCluster(
  io: RealtimeServer,
  bus: SocketBus,
  config: Pick<Config, 'REDIS_URL' | 'DATABASE_URL'>,
  logger: Logger,
  options: ClusterOptions = {},
): Promise<ClusterLink> {
  const link = await attachClusterAdapter(io, config, logger, options);
  if (link.kind !== 'none') {
    // Start-up goes on only once the others' messages reach this instance (an order forwarded by
    // a just-started instance must get its answer back), for JOIN_WAIT_MS at most.
    let timer: NodeJS.Timeout | undefined;
    const joined = await Promise.race([
      link.joined.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), JOIN_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    if (!joined)
      logger.warn(
        { adapter: link.kind, waitedMs: JOIN_WAIT_MS },
        'cluster: not listening to the other instances yet; starting all the same',
      );
    bus.connect(io, link.ready);
    logger.info(
      { adapter: link.kind, instance: bus.instance },
      'cluster: the stream and the bus reach every instance on this database',
    );
  }
  return {
    kind: link.kind,
    ready: link.ready,
    joined: link.joined,
    close: async () => {
      bus.disconnect();
      await link.close();
    },
  };
}
