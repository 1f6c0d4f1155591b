import type { Logger } from '../logging/logger.js';
import { CLUSTER_BUS_EVENT, type ClusterBusMessage, type RealtimeServer } from '../realtime/socket.js';
import type { BusPayload, ClusterBus } from '../shared/cluster-bus.js';

/**
 * The cluster bus over the stream's adapter (cluster/adapter.ts): a message is one Socket.IO
 * server-side event, which the adapter delivers to every other instance's server (never back to
 * this one). Subscriptions may be made before `connect` (the services are composed before the
 * stream exists); until connected, or while the adapter cannot send, `publish` drops the message,
 * as the port allows (at most once; the database stays the source of truth).
 */
export class SocketBus implements ClusterBus {
  readonly #handlers = new Map<string, Set<(payload: BusPayload, from: string) => void>>();
  #send: ((message: ClusterBusMessage) => void) | null = null;

  constructor(
    readonly instance: string,
    private readonly logger: Logger,
  ) {}

  /** Starts sending and receiving through `io`'s adapter; `ready` says when a message can leave. */
  connect(io: RealtimeServer, ready: () => boolean): void {
    io.on(CLUSTER_BUS_EVENT, (message) => this.#receive(message));
    this.#send = (message) => {
      if (ready()) io.serverSideEmit(CLUSTER_BUS_EVENT, message);
    };
  }

  /** Stops sending (the adapter is closing); subscriptions stay. */
  disconnect(): void {
    this.#send = null;
  }

  publish(topic: string, payload: BusPayload): void {
    try {
      this.#send?.({ topic, payload, from: this.instance });
    } catch (error) {
      this.logger.warn({ err: error, topic }, 'cluster bus: a message could not be sent');
    }
  }

  subscribe(topic: string, handler: (payload: BusPayload, from: string) => void): () => void {
    const handlers = this.#handlers.get(topic) ?? new Set();
    handlers.add(handler);
    this.#handlers.set(topic, handlers);
    return () => handlers.delete(handler);
  }

  #receive(message: ClusterBusMessage): void {
    if (typeof message?.topic !== 'string' || typeof message.from !== 'string') return;
    for (const handler of this.#handlers.get(message.topic) ?? []) {
      try {
        handler(message.payload, message.from);
      } catch (error) {
        this.logger.error({ err: error, topic: message.topic }, 'cluster bus: a subscriber threw');
      }
    }
  }
}
