import type { Config } from '../config/schema.js';
import type { Logger } from '../logging/logger.js';
import type { RealtimeServer } from '../realtime/socket.js';
import { attachClusterAdapter, type ClusterLink, type ClusterOptions } from './adapter.js';
import type { SocketBus } from './socket-bus.js';

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
    bus.connect(io, link.ready);
    logger.info(
      { adapter: link.kind, instance: bus.instance },
      'cluster: the stream and the bus reach every instance on this database',
    );
  }
  return {
    kind: link.kind,
    ready: link.ready,
    close: async () => {
      bus.disconnect();
      await link.close();
    },
  };
}
