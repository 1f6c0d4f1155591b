import { startTransaction } from '@balancer/core';
import { type EngineScheduler, LOCK_RETRY_MS, MANUAL_SCHEDULER, REAL_SCHEDULER } from '@balancer/engine';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ClusterInstances } from '../../cluster/instances/cluster-instances.js';
import { createLogger } from '../../logging/logger.js';
import { SecretMasker } from '../../logging/masker.js';
import { systemTime } from '../../shared/clock.js';
import { ENGINE_LOCK_HOLDER_KILL } from '../../testing/engine-lock-holder.js';
import { FreezableProxy } from '../../testing/freezable-proxy.js';
import { buildReadyApp, type ReadyApp } from '../../testing/ready-app.js';
import { databaseKinds, type TestDatabase } from '../../testing/test-databases.js';
import { DatabaseEngineStore } from '../../trading/index.js';
import { EngineHolder } from './engine-holder.js';
import { type EngineRuntime, startEngine } from './start-engine.js';

// Two instances on one PostgreSQL (docs/failover.md): the leader's lock connection is killed; it
// stops trading at once, and the standby takes over, reconciling the order the leader left
// unfinished before it announces the takeover.

const postgres = databaseKinds().find((kind) => kind.kind === 'postgresql');

/** The lock checks run on real time (every LOCK_RETRY_MS); the ticks only when the test says. */
const LOCK_CHECKS_ONLY: EngineScheduler = {
  sleep: MANUAL_SCHEDULER.sleep,
  timer: (ms, run) => (ms === LOCK_RETRY_MS ? REAL_SCHEDULER.timer(ms, run) : () => {}),
};

const INTENT = { kind: 'increase', level: null, manual: true } as const;

describe.skipIf(postgres === undefined)('failover between two instances [postgresql]', () => {
  let target: TestDatabase;
  let leader: ReadyApp;
  let standby: EngineRuntime;

  beforeAll(async () => {
    target = await postgres!.create();
    leader = await buildReadyApp(target, {
      config: { DATABASE_URL: target.options.databaseUrl!, INSTANCE_NAME: 'node-a' },
    });
  });
  const started: EngineRuntime[] = [];
  /** Another instance's engine on the same database, its lock taken through `lockUrl`. */
  const instance = async (name: string, lockUrl: string) => {
    const runtime = await startEngine({
      config: { ...leader.config, INSTANCE_NAME: name, DATABASE_URL: lockUrl },
      platform: leader.platform,
      handle: leader.platform.database,
      logger: createLogger({ level: 'silent', format: 'json', masker: new SecretMasker() }),
      holder: new EngineHolder(),
      notifications: leader.services.notifications,
      onTick: () => {},
      schedule: LOCK_CHECKS_ONLY,
    });
    started.push(runtime);
    return runtime;
  };
  afterAll(async () => {
    for (const runtime of started) await runtime.stop();
    await leader?.close();
    await target?.dispose();
  });

  it('the leader whose lock connection is killed stops trading; the standby reconciles, then takes over', async () => {
    const first = leader.engine!.engine;
    expect(first.mode).toBe('trading');
    standby = await instance('node-b', target.options.databaseUrl!);
    const second = standby.engine;
    expect(second.mode).toBe('standby');
    const before = (await leader.app.inject({ method: 'GET', url: '/ready' })).json().data;
    expect(before.cluster).toMatchObject({ instance: 'node-a', leads: true, leader: 'node-a' });

    // The leader saved an order and then lost its database connection before placing it.
    const store = new DatabaseEngineStore(leader.platform, { base: 'BTC', quote: leader.config.QUOTE_ASSET });
    const id = await store.reserveTransactionId();
    const balances = await first.balances();
    const left = startTransaction({ id, side: 'BUY', amount: '0.001' }, balances.free, systemTime());
    await store.saveTransaction(left, INTENT);

    const admin = new pg.Client({ connectionString: target.options.databaseUrl! });
    await admin.connect();
    const killed = await admin.query(ENGINE_LOCK_HOLDER_KILL);
    await admin.end();
    expect(killed.rowCount).toBe(1);

    // The leader hears of it from its lock's connection and places nothing from then on.
    await vi.waitFor(() => expect(leader.logLines.join('\n')).toContain('engine lock lost'));
    const refused = await first.increase().catch((error: { errorName?: string }) => error.errorName);
    expect(refused).toBe('ENGINE_LOCK_LOST');
    // (Its own next tick would try the lock again, free until the standby takes it: either may
    // win, and both reconcile first. Here only the standby tries.)

    // The standby's lock check (every second) takes the lock and reconciles before trading.
    await vi.waitFor(() => expect(second.mode).toBe('trading'), { timeout: 10_000, interval: 50 });
    const settled = (await store.processingTransactions()).map((stored) => stored.transaction.id);
    expect(settled).toEqual([]);
    const notes = await leader.services.notifications.list({ limit: 20 });
    const takeover = notes.find((note) => note.title === 'Engine took over');
    expect(takeover?.description).toMatch(
      /^Engine took over on node-b: .*; 1 unfinished transaction reconciled first$/,
    );
    // Newest first: the reconciled transaction's notice came before the takeover's.
    const done = notes.find(
      (note) => note.title === 'Transaction succeeded' && note.description.includes(`transaction ${id}`),
    );
    expect(done).toBeDefined();
    expect(done!.id).toBeLessThan(takeover!.id);
    // The leader, on standby now, does not take the lock back.
    await leader.tick();
    expect([first.mode, second.mode]).toEqual(['standby', 'trading']);

    // /ready on the old leader names the new one once both have sent a heartbeat.
    const nodeB = new ClusterInstances(leader.platform, 'node-b', systemTime, () => second.leading, {
      warn: () => {},
      error: () => {},
    });
    const nodeA = leader.services.background.find((task) => task instanceof ClusterInstances);
    await nodeB.beat();
    await (nodeA as ClusterInstances).beat();
    const ready = (await leader.app.inject({ method: 'GET', url: '/ready' })).json().data;
    expect(ready.cluster).toMatchObject({ instance: 'node-a', leads: false, leader: 'node-b' });
    expect(ready.cluster.instances.map((seen: { name: string }) => seen.name)).toEqual(['node-a', 'node-b']);
    await nodeB.stop();
  });

  it('a network cut: the leader stops trading strictly before the standby can take the lock', async () => {
    const url = target.options.databaseUrl!;
    const proxy = await FreezableProxy.start(new URL(url).hostname, Number(new URL(url).port || 5432));
    try {
      // node-c leads through the proxy: node-b (the leader now) stops, node-c's lock check takes over.
      const nodeC = (await instance('node-c', proxy.urlFor(url))).engine;
      await standby.stop();
      await vi.waitFor(() => expect(nodeC.mode).toBe('trading'), { timeout: 10_000, interval: 50 });
      const nodeD = (await instance('node-d', url)).engine;
      expect(nodeD.mode).toBe('standby');

      const cutAt = systemTime();
      proxy.freeze();
      const events: string[] = [];
      let takenAt = 0;
      while (takenAt === 0 && systemTime() - cutAt < 20_000) {
        if (!nodeC.leading && !events.includes('node-c stopped')) events.push('node-c stopped');
        if (nodeD.mode === 'trading') {
          takenAt = systemTime();
          events.push(nodeC.leading ? 'node-d trading while node-c still trades' : 'node-d trading');
        } else await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(events).toEqual(['node-c stopped', 'node-d trading']);
      // The cut leader refuses orders; the bound holds (5 s server release + 1 s retry, < 10 s).
      const refused = await (async () => nodeC.increase())().catch(
        (error: { errorName?: string }) => error.errorName,
      );
      expect(['ENGINE_LOCK_LOST', 'ENGINE_STANDBY']).toContain(refused);
      expect(takenAt).toBeGreaterThan(0);
      expect(takenAt - cutAt).toBeLessThan(10_000);
    } finally {
      await proxy.close();
    }
  });
});
