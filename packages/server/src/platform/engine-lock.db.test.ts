import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
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
    const lost: Error[] = [];
    const first = lockOn(url, (error) => lost.push(error));
    expect(await first.tryAcquire()).toBe(true);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND pid <> pg_backend_pid()",
    );
    await admin.end();
    const second = lockOn(url);
    expect(await second.tryAcquire()).toBe(true);
    // The first instance notices on its next check and no longer claims the lock.
    expect(await first.tryAcquire()).toBe(false);
    expect(lost.length).toBe(1);
  });
});
