import type { Logger } from '../../logging/logger.js';
import type { BackgroundTask } from '../../shared/background-task.js';
import type { ClusterBus } from '../../shared/cluster-bus.js';
import type { IpBlacklist } from './service.js';

/** The bus topic announcing that an instance changed the blacklist (no payload: reload it). */
export const IP_BLACKLIST_TOPIC = 'ip-blacklist.changed';

/** How often a clustered instance reloads the blacklist anyway, ms: the bound on a lost message. */
export const IP_BLACKLIST_REFRESH_MS = 60_000;

/**
 * Keeps every instance's in-memory blacklist current (docs/cluster.md): this instance's changes
 * are announced on the bus, another's reload the copy at once and end the stream's sockets it now
 * blocks. The returned task (started only with several instances possible) also reloads every
 * minute, since a bus message may be lost.
 */
export function shareBlacklist(blacklist: IpBlacklist, bus: ClusterBus, logger: Logger): BackgroundTask {
  const reload = () => {
    blacklist.reload().catch((error: unknown) => logger.warn({ err: error }, 'ip blacklist: reload failed'));
  };
  blacklist.onChange = () => bus.publish(IP_BLACKLIST_TOPIC, null);
  bus.subscribe(IP_BLACKLIST_TOPIC, reload);
  let timer: NodeJS.Timeout | undefined;
  return {
    name: 'ip blacklist refresh',
    start: () => {
      timer = setInterval(reload, IP_BLACKLIST_REFRESH_MS);
      timer.unref();
    },
    stop: async () => clearInterval(timer),
  };
}
