import type { EventEmitter } from 'node:events';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { Logger } from '../logging/logger.js';
import type { RealtimeServer } from '../realtime/socket.js';
import type { ClusterLink, Warn } from './adapter.js';

/**
 * The Redis adapter (docs/cluster.md, REDIS_URL): one client publishes, one subscribes; both are
 * closed by `close`.
 */
export function attachRedis(
  io: RealtimeServer,
  url: string,
  channel: string,
  warn: Warn,
  logger: Logger,
): ClusterLink {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  watchRedis(pub, () => pub.connect(), 'Redis connection', warn, logger);
  watchRedis(sub, () => sub.connect(), 'Redis subscription', warn, logger);
  io.adapter(
    createAdapter(
      guarded(pub, warn('a message could not be sent')),
      guarded(sub, warn('Redis subscription failed')),
      {
        key: channel,
      },
    ),
  );
  return {
    kind: 'redis',
    ready: () => pub.isReady,
    joined: Promise.resolve(),
    close: async () => {
      io.of('/').adapter.close();
      await Promise.all([pub, sub].map((client) => (client.isReady ? client.close() : client.destroy())));
    },
  };
}

/** The Redis commands the adapter sends without awaiting them. */
const UNAWAITED = new Set<PropertyKey>(['publish', 'subscribe', 'unsubscribe', 'pSubscribe', 'pUnsubscribe']);

/**
 * The client as the adapter sees it: the commands it never awaits have their failure logged
 * (a client closed or reconnecting rejects them) rather than left an unhandled rejection.
 */
function guarded<Client extends object>(client: Client, onError: (error: unknown) => void): Client {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const bound = value.bind(target) as (...args: unknown[]) => unknown;
      if (!UNAWAITED.has(property)) return bound;
      return (...args: unknown[]) => {
        const result = bound(...args);
        return result instanceof Promise ? result.catch(onError) : result;
      };
    },
  });
}

/**
 * Connects a Redis client in the background (start-up does not wait for Redis; commands wait in
 * the client's queue) and logs an outage once, not at every retry, and the way back.
 */
function watchRedis(
  client: EventEmitter,
  connect: () => Promise<unknown>,
  what: string,
  warn: Warn,
  logger: Logger,
): void {
  let down = false;
  client.on('error', (error: unknown) => {
    if (!down) warn(`${what} failed; retrying`)(error);
    down = true;
  });
  client.on('ready', () => {
    if (down) logger.info({ adapter: 'redis' }, `stream adapter: ${what} back`);
    down = false;
  });
  connect().catch(() => {
    // The error event above has said it; the client stops retrying only when closed.
  });
}
