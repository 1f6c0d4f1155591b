import { expect, it } from 'vitest';
import { DAY_MS } from '../../db/retention.js';
import { Platform } from '../../platform/platform.js';
import { capturingLogger } from '../../testing/capturing-logger.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { ClusterInstances } from './cluster-instances.js';
import { clusterInstanceRetention, RECENT_MS } from './repository.js';

const T0 = 1_800_000_000_000;

describeEachDatabase('cluster instances: who leads, who is alive', (ctx) => {
  let now = T0;
  const leading = new Map<string, boolean>();
  const instance = (name: string) => {
    const platform = new Platform();
    platform.markReady(ctx().handle);
    return new ClusterInstances(
      platform,
      name,
      () => now,
      () => leading.get(name) ?? false,
      capturingLogger().logger,
    );
  };

  it('every instance shows itself first, the leader by name, and the others as of its last heartbeat', async () => {
    const a = instance('node-a');
    const b = instance('node-b');
    leading.set('node-a', true);
    // Before any heartbeat an instance knows only itself.
    expect(b.status()).toEqual({
      instance: 'node-b',
      leads: false,
      nameShared: false,
      leader: null,
      instances: [{ name: 'node-b', startedAt: T0, lastSeen: T0, leads: false }],
    });
    await a.beat();
    now += 5_000;
    await b.beat();
    expect(b.status()).toEqual({
      instance: 'node-b',
      leads: false,
      nameShared: false,
      leader: 'node-a',
      instances: [
        { name: 'node-b', startedAt: T0, lastSeen: T0 + 5_000, leads: false },
        { name: 'node-a', startedAt: T0, lastSeen: T0, leads: true },
      ],
    });
    // A takeover: b leads, a no longer does; each says so at its next heartbeat.
    leading.set('node-a', false);
    leading.set('node-b', true);
    expect(b.status().leader).toBe('node-b'); // its own lead is live
    now += 5_000;
    await a.beat();
    expect(a.status()).toMatchObject({ leads: false, leader: null }); // b has not said so yet
    await b.beat();
    await a.beat();
    expect(a.status()).toMatchObject({ leads: false, leader: 'node-b' });
    // An instance not heard from for RECENT_MS is no longer listed (b stopped beating).
    now += RECENT_MS + 1;
    await a.beat();
    expect(a.status()).toMatchObject({ leader: null, instances: [{ name: 'node-a' }] });
    await a.stop();
    await b.stop();
  });

  it('tells two running instances of one name apart from one that restarted after a crash', async () => {
    now = T0;
    const logs = capturingLogger();
    const named = (started: number) => {
      now = started;
      const platform = new Platform();
      platform.markReady(ctx().handle);
      return new ClusterInstances(
        platform,
        'node-twin',
        () => now,
        () => false,
        logs.logger,
      );
    };
    // A predecessor beat, then crashed (no clean stop: its row stays); its successor starts later.
    const crashed = named(T0);
    await crashed.beat();
    const successor = named(T0 + 2_000);
    await successor.beat();
    now += 5_000;
    await successor.beat();
    expect(successor.status().nameShared).toBe(false);
    // A second process with the same INSTANCE_NAME: each heartbeat finds the other's row.
    const twin = named(now + 1_000);
    await twin.beat();
    now += 5_000;
    await successor.beat();
    await twin.beat();
    expect(successor.status().nameShared).toBe(true);
    expect(twin.status().nameShared).toBe(true);
    now += 5_000;
    await successor.beat();
    // Each of the two says so once while it lasts.
    expect(logs.lines.filter((line) => line.includes('8022'))).toHaveLength(2);
    // The twin stops: the next heartbeat finds only its own row again.
    await twin.stop();
    now += 5_000;
    await successor.beat();
    now += 5_000;
    await successor.beat();
    expect(successor.status().nameShared).toBe(false);
    await successor.stop();
  });

  it('an instance that stops leaves the list; rows silent for a day go by retention', async () => {
    now = T0;
    const a = instance('node-c');
    const b = instance('node-d');
    await a.beat();
    await b.beat();
    await b.stop(); // clean stop: its row goes
    await a.beat();
    expect(a.status().instances.map((seen) => seen.name)).toEqual(['node-c']);
    const db = ctx().handle.db;
    // node-c's row (and the first test's) is older than a day a day later: retention removes it.
    expect(await clusterInstanceRetention.apply(db, T0 + DAY_MS - 1)).toBe(0);
    expect(await clusterInstanceRetention.apply(db, now + DAY_MS + 1)).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom('cluster_instance').select('name').execute();
    expect(left).toEqual([]);
  });
});
