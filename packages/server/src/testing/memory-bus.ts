import type { BusPayload, ClusterBus } from '../shared/cluster-bus.js';

interface Message {
  topic: string;
  payload: BusPayload;
  from: string;
}

/**
 * Several instances' buses in one process, for tests: what one member publishes reaches every
 * other member's subscribers, asynchronously (a microtask later) and as a JSON copy, the way a
 * network bus delivers it. `drop` loses messages on purpose (a lost or cut-off instance).
 */
export class MemoryBusHub {
  /** Every message published, delivered or not, in order. */
  readonly sent: Message[] = [];
  /** Returns true for a message that must not be delivered. */
  drop: (message: Message) => boolean = () => false;
  private readonly members = new Map<string, Map<string, Set<(payload: BusPayload, from: string) => void>>>();

  /** A new member named `instance`. */
  join(instance: string): ClusterBus {
    if (this.members.has(instance)) throw new Error(`${instance} is already on the hub`);
    const topics = new Map<string, Set<(payload: BusPayload, from: string) => void>>();
    this.members.set(instance, topics);
    return {
      instance,
      publish: (topic, payload) =>
        this.publish({ topic, payload: JSON.parse(JSON.stringify(payload)), from: instance }),
      subscribe: (topic, handler) => {
        const handlers = topics.get(topic) ?? new Set();
        topics.set(topic, handlers);
        // A wrapper per subscription: the same handler subscribed twice is called twice.
        const wrapped = (payload: BusPayload, from: string) => handler(payload, from);
        handlers.add(wrapped);
        return () => handlers.delete(wrapped);
      },
    };
  }

  private publish(message: Message): void {
    this.sent.push(message);
    if (this.drop(message)) return;
    for (const [instance, topics] of this.members) {
      if (instance === message.from) continue;
      for (const handler of topics.get(message.topic) ?? []) {
        queueMicrotask(() => handler(message.payload, message.from));
      }
    }
  }
}
