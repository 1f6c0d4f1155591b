import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemTime } from '../shared/clock.js';
import { ENGINE_LOCK_HOLDER_KILL } from '../testing/engine-lock-holder.js';
import { FreezableProxy } from '../testing/freezable-proxy.js';
import { databaseKinds, type TestDatabase } from '../testing/test-databases.js';
import { InProcessEngineLock, PostgresEngineLock } from './engine-lock.js';

describe('InProcessEngineLock', () => {
  it('lets one engine of a process hold a name; release hands it on', async () => {
    const first = new InProcessEngineLock('db-a');
    const second = new InProcessEngineLock('db-a');
    const other = new InProcessEngineLock('db-b');
    expect(await first.tryAcquire()).toBe(true);
    expect(await first.tryAcquire()).toBe(true); // holding it already
    expect(await second.tryAcquire()).toBe(false);
    expect(await other.tryAcquire()).toBe(true);
    await first.release();
    expect(await second.tryAcquire()).toBe(true);
    await second.release();
    await other.release();
  });
});

const postgres = databaseKinds().find((kind) => kind.kind === 'postgresql');

describe.skipIf(postgres === undefined)('PostgresEngineLock [postgresql]', () => {
  const opened: Array<{ release(): Promise<void> }> = [];
  let target: TestDatabase | undefined;
  afterEach(async () => {
    for (const lock of opened.splice(0)) await lock.release();
    await target?.dispose();
    target = undefined;
  });
  const lockOn = (url: string, onLost?: (error: Error) => void) => {
    const lock = new PostgresEngineLock(url, onLost);
    opened.push(lock);
    return lock;
  };

  it('admits one engine per database; the second takes over after a release', async () => {
    target = await postgres!.create();
    const url = target.options.databaseUrl!;
    const first = lockOn(url);
    const second = lockOn(url);
    expect(await first.tryAcquire()).toBe(true);
    expect(await second.tryAcquire()).toBe(false);
    expect(await first.tryAcquire()).toBe(true);
    await first.release();
    expect(await second.tryAcquire()).toBe(true);
  });

  it('reports the lock lost when its connection is killed, and another instance can take it', async () => {
    target = await postgres!.create();
    const url = target.options.databaseUrl!;
    const events: string[] = [];
    const first = lockOn(url, () => events.push('first lost'));
    expect(await first.tryAcquire()).toBe(true);
    expect(first.holds()).toBe(true);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(ENGINE_LOCK_HOLDER_KILL);
    await admin.end();
    // The server's termination notice reaches the client: it stops claiming the lock at once.
    await vi.waitFor(() => expect(events).toEqual(['first lost']));
    expect(first.holds()).toBe(false);
    const second = lockOn(url);
    expect(await second.tryAcquire()).toBe(true);
    expect(await first.tryAcquire()).toBe(false);
    expect(events).toEqual(['first lost']);
  });

  it('a network cut: the holder stops claiming the lock strictly before the server releases it', async () => {
    target = await postgres!.create();
    const url = target.options.databaseUrl!;
    const proxy = await FreezableProxy.start(new URL(url).hostname, Number(new URL(url).port || 5432));
    const events: string[] = [];
    const first = lockOn(proxy.urlFor(url), () => events.push('leader lost'));
    try {
      expect(await first.tryAcquire()).toBe(true);
      const second = lockOn(url);
      expect(await second.tryAcquire()).toBe(false);
      const cutAt = systemTime();
      proxy.freeze();
      // The standby tries every 100 ms; each time it gets the lock, the leader must have given up.
      let takenAt = 0;
      while (takenAt === 0 && systemTime() - cutAt < 20_000) {
        if (!first.holds() && !events.includes('leader stopped')) events.push('leader stopped');
        if (await second.tryAcquire()) {
          takenAt = systemTime();
          events.push(first.holds() ? 'taken while the leader still claims it' : 'taken');
        } else await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(takenAt).toBeGreaterThan(0);
      // Both the heartbeat's timeout (lost) and the lease's end (stopped) came before the takeover.
      expect(events.at(-1)).toBe('taken');
      expect([...events].sort()).toEqual(['leader lost', 'leader stopped', 'taken']);
      // A bound that a real bug (no idle_session_timeout: the server would keep the lock until its
      // TCP keepalive gives up, minutes) fails: the server released it within 10 s of the cut.
      expect(takenAt - cutAt).toBeLessThan(10_000);
    } finally {
      await first.release();
      await proxy.close();
    }
  });
});
