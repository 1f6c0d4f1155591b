import { afterAll, beforeAll, describe } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/connect.js';
import { MemoryBusHub } from './memory-bus.js';
import { buildReadyApp, type ReadyApp, type ReadyAppOptions } from './ready-app.js';
import { databaseKinds, type TestDatabase } from './test-databases.js';

/** Two instances of the platform on one database, joined by an in-process bus. */
export interface ReadyCluster {
  /** The first instance: it runs the engine. */
  a: ReadyApp;
  /** The second: API only. Its accounts clock is a's (one OTP time for both). */
  b: ReadyApp;
  hub: MemoryBusHub;
}

/**
 * Runs a suite once per database kind on two ready apps sharing one database (docs/shared-state.md).
 * On PostgreSQL each has its own connection pool, as two processes would; the embedded database
 * admits one process, so there both use one handle (what the test shows is the same: state in
 * the database is shared, state in memory is not).
 */
export function describeEachCluster(
  title: string,
  body: (cluster: () => ReadyCluster) => void,
  options: ReadyAppOptions = {},
): void {
  for (const { kind, create } of databaseKinds()) {
    describe(`${title} [${kind}]`, () => {
      let target: TestDatabase | undefined;
      let shared: DatabaseHandle | undefined;
      let cluster: ReadyCluster | undefined;
      beforeAll(async () => {
        target = await create();
        shared = kind === 'pglite' ? await openDatabase(target.options) : undefined;
        const hub = new MemoryBusHub();
        const handle = shared ? { sharedHandle: shared } : {};
        const a = await buildReadyApp(target, { ...options, ...handle, bus: hub.join('a') });
        const b = await buildReadyApp(target, { ...options, ...handle, bus: hub.join('b'), engine: false });
        b.services.accounts.environment = { ...b.services.accounts.environment, now: a.clock.now };
        cluster = { a, b: { ...b, clock: a.clock }, hub };
      });
      afterAll(async () => {
        await cluster?.b.close();
        await cluster?.a.close();
        await shared?.close();
        await target?.dispose();
      });
      body(() => {
        if (!cluster) throw new Error('the cluster is not built yet');
        return cluster;
      });
    });
  }
}

/** Resolves once the bus messages published so far have been delivered (a microtask each). */
export function busDelivered(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
