import { neutralWindowState } from '@balancer/core';
import type { EngineMode, EngineSnapshot } from '@balancer/engine';
import { describe, expect, it } from 'vitest';
import type { BusPayload, ClusterBus } from '../../shared/cluster-bus.js';
import { capturingLogger } from '../../testing/capturing-logger.js';
import type { SharedStreamEssentials } from './essentials.js';
import { clusterStreamSource, ESSENTIALS_TOPIC, LEADER_SILENCE_MS } from './stream-source.js';

// Which ticks each instance streams to its own sockets, on a bus joining two instances in memory
// (the adapter's delivery is tested in cluster/cluster.db.test.ts).

const snapshot = (time: number, mode: EngineMode): EngineSnapshot => ({
  time,
  price: '100',
  marketState: {
    windowState: {
      ...neutralWindowState(),
      window: { id: [time], open: [1], high: [2], low: [0], close: [1] },
    },
    liquidityState: { bidDominance: 50, neutral: true },
    coinsStates: { quote: { state: 0, statesBySymbol: {} }, base: { state: 0, statesBySymbol: {} } },
  },
  position: null,
  plan: null,
  balances: { free: {}, time },
  mode,
});

/** Two buses that deliver to each other at once (as the adapter does: never to the sender). */
function busPair(): [ClusterBus, ClusterBus] {
  const make = (instance: string) => {
    const handlers = new Map<string, Array<(payload: BusPayload, from: string) => void>>();
    return {
      instance,
      handlers,
      peer: null as null | { handlers: typeof handlers },
      publish(topic: string, payload: BusPayload) {
        for (const handler of this.peer?.handlers.get(topic) ?? []) handler(payload, instance);
      },
      subscribe(topic: string, handler: (payload: BusPayload, from: string) => void) {
        handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
        return () => {};
      },
    };
  };
  const a = make('a');
  const b = make('b');
  a.peer = b;
  b.peer = a;
  return [a, b];
}

function instance(bus: ClusterBus, clock: { now: number }) {
  const fed: SharedStreamEssentials[] = [];
  const { logger, lines } = capturingLogger();
  const source = clusterStreamSource({
    bus,
    feed: (shared) => fed.push(shared),
    wallNow: () => clock.now,
    logger,
  });
  return {
    fed,
    lines,
    tick: source.onTick,
    modes: () => fed.map((shared) => `${shared.mode}@${shared.time}`),
  };
}

describe('the stream source across instances', () => {
  it("streams the leader's ticks everywhere and a standby's own only while no leader is heard", () => {
    const clock = { now: 1_000_000 };
    const [busA, busB] = busPair();
    const leader = instance(busA, clock);
    const standby = instance(busB, clock);

    // Before any leader is heard the standby streams its own ticks (one instance, or a leader gone).
    standby.tick(snapshot(1, 'standby'));
    leader.tick(snapshot(2, 'trading'));
    standby.tick(snapshot(3, 'standby'));
    clock.now += LEADER_SILENCE_MS - 1;
    standby.tick(snapshot(4, 'standby'));
    leader.tick(snapshot(5, 'backing-off')); // a leader backing off is still the source
    // The leader silent for LEADER_SILENCE_MS: the standby streams its own again.
    clock.now += LEADER_SILENCE_MS;
    standby.tick(snapshot(6, 'standby'));

    expect(leader.modes()).toEqual(['trading@2', 'backing-off@5']);
    expect(standby.modes()).toEqual(['standby@1', 'trading@2', 'backing-off@5', 'standby@6']);
  });

  it("drops a leader's message older than its last one, and one of another version's shape (said once)", () => {
    const clock = { now: 0 };
    const [busA, busB] = busPair();
    const leader = instance(busA, clock);
    const other = instance(busB, clock);
    leader.tick(snapshot(10, 'trading'));
    leader.tick(snapshot(9, 'trading'));
    busA.publish(ESSENTIALS_TOPIC, { essentials: { time: 11 } });
    busA.publish(ESSENTIALS_TOPIC, 'not essentials');
    expect(other.modes()).toEqual(['trading@10']);
    expect(other.lines.filter((line) => line.includes('do not fit this version'))).toHaveLength(1);
  });

  it('a standby that takes the lock becomes the source', () => {
    const clock = { now: 0 };
    const [busA, busB] = busPair();
    const first = instance(busA, clock);
    const second = instance(busB, clock);
    second.tick(snapshot(1, 'standby'));
    second.tick(snapshot(2, 'trading'));
    expect(first.modes()).toEqual(['trading@2']);
    expect(second.modes()).toEqual(['standby@1', 'trading@2']);
  });
});
