import { streamEssentialsSchema } from '@balancer/core';
import type { EngineSnapshot } from '@balancer/engine';
import type { Logger } from '../../logging/logger.js';
import type { BusPayload, ClusterBus } from '../../shared/cluster-bus.js';
import { type SharedStreamEssentials, sharedStreamEssentials } from './essentials.js';

/** The bus topic of the leader's per-tick shared essentials. */
export const ESSENTIALS_TOPIC = 'stream.essentials';

/**
 * How long an instance whose engine does not trade follows a leader it has heard from, wall ms:
 * past that without a message (the leader stopped, or lost the bus) it streams its own ticks
 * again. Five default ticks (3 s each); the standby takes the lock itself within 30 s.
 */
export const LEADER_SILENCE_MS = 15_000;

const sharedSchema = streamEssentialsSchema.omit({ unreadNotifications: true, unreadAPIErrors: true });

/** Modes in which the engine holds the lock: its ticks are the ones every instance streams. */
const LEADING = new Set(['trading', 'reconciling']);

/**
 * Where each instance's stream (stream.ts, `feed`) takes its shared essentials from when several
 * instances share one database (docs/cluster.md). The leader, whose engine holds the lock, builds
 * them from its tick, publishes them on the bus and feeds its own sockets; every other instance
 * feeds its sockets with what the leader publishes, and stops streaming its own standby ticks
 * while it hears a leader (its engine computes the same market but not the position's orders
 * nor the plan's trading mode). A leader that backs off (a failed tick) stays the source until it
 * ticks as standby. With one instance the bus carries nothing and every tick is streamed as
 * before.
 *
 * Each instance numbers and diffs what it feeds on its own, so the order of the sources never
 * breaks a client's patches; a leader's message older than its last one is dropped.
 */
export function clusterStreamSource(options: {
  bus: ClusterBus;
  feed: (shared: SharedStreamEssentials) => void;
  wallNow: () => number;
  logger: Logger;
}): { onTick: (snapshot: EngineSnapshot) => void; stop: () => void } {
  const { bus, feed, wallNow, logger } = options;
  let led = false;
  let heardAt = Number.NEGATIVE_INFINITY;
  const lastTime = new Map<string, number>();
  const refused = new Set<string>();

  const stop = bus.subscribe(ESSENTIALS_TOPIC, (payload, from) => {
    const parsed = sharedSchema.safeParse(
      payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? payload.essentials : null,
    );
    if (!parsed.success) {
      // Another version's shape (a rolling upgrade): said once per sender, then its own ticks stream.
      if (!refused.has(from)) logger.warn({ from }, "stream: a leader's essentials do not fit this version");
      refused.add(from);
      return;
    }
    const essentials = parsed.data as SharedStreamEssentials;
    if (essentials.time < (lastTime.get(from) ?? Number.NEGATIVE_INFINITY)) return;
    lastTime.set(from, essentials.time);
    heardAt = wallNow();
    feed(essentials);
  });

  const onTick = (snapshot: EngineSnapshot) => {
    if (LEADING.has(snapshot.mode)) led = true;
    else if (snapshot.mode !== 'backing-off') led = false;
    const shared = sharedStreamEssentials(snapshot);
    if (led) {
      bus.publish(ESSENTIALS_TOPIC, { essentials: shared as unknown as BusPayload });
      feed(shared);
    } else if (wallNow() - heardAt >= LEADER_SILENCE_MS) {
      feed(shared);
    }
  };
  return { onTick, stop };
}
