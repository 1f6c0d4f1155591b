import { startTransaction } from '@balancer/core';
import { type EngineScheduler, LOCK_RETRY_MS, MANUAL_SCHEDULER, REAL_SCHEDULER } from '@balancer/engine';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ClusterInstances } from '../../cluster/instances/cluster-instances.js';
import { type Config, type ConfigKey, configKeySchema } from '../../config/schema.js';
import { createLogger } from '../../logging/logger.js';
import { SecretMasker } from '../../logging/masker.js';
import { systemTime } from '../../shared/clock.js';
import {
  HOLDING_VENUES,
  type HoldingVenue,
  prepareCrashDatabase,
} from '../../testing/crash-safety/crash-setup.js';
import { doublePlacements } from '../../testing/crash-safety/ledger.js';
import { ENGINE_LOCK_HOLDER_KILL } from '../../testing/engine-lock-holder.js';
import { FreezableProxy } from '../../testing/freezable-proxy.js';
import { buildReadyApp, type ReadyApp } from '../../testing/ready-app.js';
import { databaseKinds, type TestDatabase } from '../../testing/test-databases.js';
import { DatabaseEngineStore } from '../../trading/index.js';
import { EngineHolder } from './engine-holder.js';
import { type EngineRuntime, startEngine } from './start-engine.js';

// Two instances on one PostgreSQL (docs/failover.md), live on an exchange's local stand-in: the
// leader's lock connection is killed while its order is at the exchange (carried out, the answer
// held); it stops trading at once, and the standby takes over, reconciling that order and one the
// leader had saved but not placed before it announces the takeover. Once per venue: Binance, and
// Kraken (strict nonces, private calls one at a time, an order found by its client id only among
// the open and closed orders).

const postgres = databaseKinds().find((kind) => kind.kind === 'postgresql');

/** The lock checks run on real time (every LOCK_RETRY_MS); the ticks only when the test says. */
const LOCK_CHECKS_ONLY: EngineScheduler = {
  sleep: MANUAL_SCHEDULER.sleep,
  timer: (ms, run) => (ms === LOCK_RETRY_MS ? REAL_SCHEDULER.timer(ms, run) : () => {}),
};

const INTENT = { kind: 'increase', level: null, manual: true } as const;

/** The venue's settings as the server reads them from its environment (numbers parsed, …). */
function venueConfig(env: Record<string, string>): Partial<Config> {
  return Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, configKeySchema[key as ConfigKey].parse(value)]),
  );
}

const errorName = (error: { errorName?: string }) => error.errorName;

/**
 * The network cut's timing is the lock's, the same on every exchange: it runs on the first venue
 * only (6 s).
 */
const VENUES = [
  { id: 'binance', networkCut: true },
  { id: 'kraken', networkCut: false },
] as const satisfies ReadonlyArray<{ id: keyof typeof HOLDING_VENUES; networkCut: boolean }>;

for (const { id: venueId, networkCut } of VENUES) {
  describe.skipIf(postgres === undefined)(`failover between two instances on ${venueId} [postgresql]`, () => {
    let target: TestDatabase;
    let venue: HoldingVenue;
    let leader: ReadyApp;
    let standby: EngineRuntime;

    beforeAll(async () => {
      target = await postgres!.create();
      venue = await HOLDING_VENUES[venueId]();
      // Migrated, the coins indicator on BTC alone (the stand-ins list few altcoins).
      await prepareCrashDatabase(target.options);
      leader = await buildReadyApp(target, {
        config: {
          DATABASE_URL: target.options.databaseUrl!,
          INSTANCE_NAME: 'node-a',
          EXCHANGE_MODE: 'live',
          // The stand-ins have no limits of their own (ccxt's default for Binance: 50 ms a weight).
          EXCHANGE_RATE_LIMIT_MS: 20,
          ...venueConfig(venue.env),
        },
      });
    });
    const started: EngineRuntime[] = [];
    /** Another instance's engine on the same database and exchange account, its lock taken through `lockUrl`. */
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
      await venue?.close();
      await target?.dispose();
    });

    it('the leader whose lock connection is killed mid-order stops trading; the standby settles its orders, then takes over', async () => {
      const first = leader.engine!.engine;
      expect(first.mode).toBe('trading');
      standby = await instance('node-b', target.options.databaseUrl!);
      const second = standby.engine;
      expect(second.mode).toBe('standby');
      const before = (await leader.app.inject({ method: 'GET', url: '/ready' })).json().data;
      expect(before.cluster).toMatchObject({ instance: 'node-a', leads: true, leader: 'node-a' });

      // The leader's manual order reaches the exchange, which carries it out and holds the answer.
      const store = new DatabaseEngineStore(leader.platform, {
        base: 'BTC',
        quote: leader.config.QUOTE_ASSET,
      });
      const balances = await first.balances();
      venue.holdNextPlacement();
      const inFlight = first.increase().then((stored) => stored.transaction.status, errorName);
      await vi.waitFor(() => expect(venue.orders()).toHaveLength(1), { timeout: 10_000, interval: 20 });
      const [held] = await store.processingTransactions();
      expect(held?.transaction.clientOrderId).toBe(venue.orders()[0]?.clientOrderId);
      // It had also saved an order it never placed (as a crash between saving and placing leaves).
      const id = await store.reserveTransactionId();
      const left = startTransaction({ id, side: 'BUY', amount: '0.001' }, balances.free, systemTime());
      await store.saveTransaction(left, INTENT);

      const admin = new pg.Client({ connectionString: target.options.databaseUrl! });
      await admin.connect();
      const killed = await admin.query(ENGINE_LOCK_HOLDER_KILL);
      await admin.end();
      expect(killed.rowCount).toBe(1);

      // The leader hears of it from its lock's connection and places nothing from then on (an
      // order asked for now is refused, at once or once the held one is done).
      await vi.waitFor(() => expect(leader.logLines.join('\n')).toContain('engine lock lost'));
      expect(first.leading).toBe(false);
      const refused = first.increase().catch(errorName);
      // (Its own next tick would try the lock again, free until the standby takes it: either may
      // win, and both reconcile first. Here only the standby tries.)

      // The standby's lock check (every second) takes the lock and settles both before trading:
      // the held order found by its client order id, the unplaced one placed once.
      await vi.waitFor(() => expect(second.mode).toBe('trading'), { timeout: 10_000, interval: 50 });
      expect(await store.processingTransactions()).toEqual([]);
      expect(venue.orders()).toHaveLength(2);
      const notes = await leader.services.notifications.list({ limit: 20 });
      const takeover = notes.find((note) => note.title === 'Engine took over');
      expect(takeover?.description).toMatch(
        /^Engine took over on node-b: .*; 2 unfinished transactions reconciled first$/,
      );
      // Newest first: the reconciled transactions' notices came before the takeover's.
      for (const settled of [held!.transaction.id, id]) {
        const done = notes.find(
          (note) =>
            note.title === 'Transaction succeeded' && note.description.includes(`transaction ${settled}`),
        );
        expect(done, `transaction ${settled}`).toBeDefined();
        expect(done!.id).toBeLessThan(takeover!.id);
      }

      // The connections drop: the old leader's held order ends in a network error, it finds the
      // order by its client order id, and places nothing more.
      venue.dropConnections();
      expect(await inFlight).toBe('SUCCEEDED');
      expect(['ENGINE_LOCK_LOST', 'ENGINE_STANDBY']).toContain(await refused);
      // The leader, on standby now, does not take the lock back.
      await leader.tick();
      expect([first.mode, second.mode]).toEqual(['standby', 'trading']);

      // Every order at the exchange is one transaction, SUCCEEDED; no client order id twice.
      const orders = venue.orders();
      expect(orders).toHaveLength(2);
      expect(doublePlacements(orders)).toEqual([]);
      const rows = await leader.db.selectFrom('transaction').select(['status', 'client_order_id']).execute();
      expect(rows.map((row) => row.client_order_id).sort()).toEqual(
        orders.map((order) => order.clientOrderId).sort(),
      );
      expect(rows.filter((row) => row.status !== 'SUCCEEDED')).toEqual([]);

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
      expect(ready.cluster.instances.map((seen: { name: string }) => seen.name)).toEqual([
        'node-a',
        'node-b',
      ]);
      await nodeB.stop();
    });

    if (networkCut)
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
}
