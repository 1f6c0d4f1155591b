/**
 * Messages between the platform's instances on one database (docs/cluster.md). Every instance
 * subscribes to the topics it cares about; `publish` reaches every *other* instance (the sender
 * acts on its own change itself). On one instance (the embedded database, or PostgreSQL without
 * replicas) the local bus delivers nothing: there is nobody else.
 *
 * Payloads are JSON values. Delivery is at most once and unordered across topics: a topic is a
 * hint ("the blacklist changed", "this user's cache is stale", "the leader's tick"), never the only
 * record of a change — the database stays the source of truth, so a lost message costs at most
 * the bounded staleness each reader states.
 */
export type BusPayload = null | boolean | number | string | BusPayload[] | { [key: string]: BusPayload };

export interface ClusterBus {
  /** This instance's name (INSTANCE_NAME, default `<host>:<port>`), as other instances see it. */
  readonly instance: string;
  /** Sends `payload` on `topic` to every other instance. Never throws; a failure is logged. */
  publish(topic: string, payload: BusPayload): void;
  /** Calls `handler` for each message another instance publishes on `topic`; returns the unsubscribe. */
  subscribe(topic: string, handler: (payload: BusPayload, from: string) => void): () => void;
}

/** The bus of a single instance: nothing to send to, nothing arrives. */
export class LocalBus implements ClusterBus {
  constructor(readonly instance: string) {}

  publish(): void {}

  subscribe(): () => void {
    return () => {};
  }
}
