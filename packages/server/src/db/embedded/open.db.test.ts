import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { type CodedError, isCodedError } from '@balancer/core';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { databaseKinds, type TestDatabase } from '../../testing/test-databases.js';
import { type EmbeddedHandle, openEmbedded } from './open.js';

const pglite = databaseKinds().find((kind) => kind.kind === 'pglite');
if (!pglite) throw new Error('no PGlite test database');

function codeOf(error: unknown): string {
  if (!isCodedError(error)) throw new Error(`expected a coded error, got ${String(error)}`);
  return (error as CodedError).errorName;
}

/** The inodes of the TCP sockets (any state, IPv4 and IPv6) this process holds. */
function tcpSocketsOfThisProcess(): string[] {
  const mine = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const link = readlinkSync(`/proc/self/fd/${fd}`);
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
      if (inode) mine.add(inode);
    } catch {
      // The fd closed while being listed.
    }
  }
  const inodes: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const inode = line.trim().split(/\s+/)[9];
      if (inode && mine.has(inode)) inodes.push(inode);
    }
  }
  return inodes.sort();
}

describe('the embedded database on its own thread', () => {
  let target: TestDatabase;
  let handle: EmbeddedHandle | undefined;

  beforeEach(async () => {
    target = await pglite.create();
  });
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    await target.dispose();
  });

  it('leaves the event loop running while a long statement runs', async () => {
    handle = await openEmbedded(target.options.dataDir);
    const { db } = handle;
    let inFlight = false;
    let ticksDuringStatement = 0;
    const timer = setInterval(() => {
      if (inFlight) ticksDuringStatement += 1;
    }, 10);
    try {
      inFlight = true;
      // ~1 s of work inside PostgreSQL (5 million rows generated and counted).
      const result = await sql<{
        n: string;
      }>`select count(*)::text as n from generate_series(1, 5000000)`.execute(db);
      inFlight = false;
      expect(result.rows[0]?.n).toBe('5000000');
    } finally {
      clearInterval(timer);
    }
    // On the main thread the statement ran as one synchronous call: no timer could fire during it.
    expect(ticksDuringStatement).toBeGreaterThanOrEqual(5);
  });

  it('runs PostgreSQL with a 32 MB buffer cache (its 128 MB default is all resident from the open)', async () => {
    handle = await openEmbedded(target.options.dataDir);
    const shown = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(handle.db);
    expect(shown.rows[0]?.shared_buffers).toBe('32MB');
  });

  it('fails queries with a coded error and reports once when the thread dies; close still returns', async () => {
    const onPoolError = vi.fn();
    handle = await openEmbedded(target.options.dataDir, onPoolError);
    await sql`select 1`.execute(handle.db);
    await handle.thread.terminate();
    await vi.waitFor(() => expect(onPoolError).toHaveBeenCalledTimes(1));
    expect(codeOf(onPoolError.mock.calls[0]?.[0])).toBe('DATABASE_WORKER_FAILED');
    const failed = await sql`select 1`.execute(handle.db).catch((error: unknown) => error);
    expect(codeOf(failed)).toBe('DATABASE_WORKER_FAILED');
    await handle.close();
    handle = undefined;
    // The lock was released and PostgreSQL recovers the folder on the next open.
    handle = await openEmbedded(target.options.dataDir);
    expect((await sql<{ one: number }>`select 1 as one`.execute(handle.db)).rows).toEqual([{ one: 1 }]);
    expect(onPoolError).toHaveBeenCalledTimes(1);
  });

  it('keeps what was written across a close and a reopen of the same folder', async () => {
    handle = await openEmbedded(target.options.dataDir);
    await sql`create table kept (id int primary key, note text)`.execute(handle.db);
    await sql`insert into kept values (1, 'written before the close')`.execute(handle.db);
    await handle.close();
    handle = await openEmbedded(target.options.dataDir);
    const rows = await sql<{ note: string }>`select note from kept`.execute(handle.db);
    expect(rows.rows).toEqual([{ note: 'written before the close' }]);
  });

  it('rolls back what a connection that went away left in a transaction', async () => {
    handle = await openEmbedded(target.options.dataDir);
    await sql`create table t (id int)`.execute(handle.db);
    const thread = handle.thread;
    const client = new pg.Client({ stream: () => thread.connect(), user: 'postgres', database: 'postgres' });
    await client.connect();
    await client.query('begin');
    await client.query('insert into t values (1)');
    await client.end();
    const count = await sql<{ n: number }>`select count(*)::int as n from t`.execute(handle.db);
    expect(count.rows).toEqual([{ n: 0 }]);
    // A new transaction starts cleanly (not nested in the abandoned one).
    await handle.db.transaction().execute(async (trx) => sql`insert into t values (2)`.execute(trx));
    expect((await sql<{ n: number }>`select count(*)::int as n from t`.execute(handle.db)).rows).toEqual([
      { n: 1 },
    ]);
  });

  it('opens no TCP socket', async () => {
    const before = tcpSocketsOfThisProcess();
    handle = await openEmbedded(target.options.dataDir);
    await sql`select 1`.execute(handle.db);
    expect(tcpSocketsOfThisProcess()).toEqual(before);
  });

  it('reports a folder it cannot open as unavailable and releases the lock', async () => {
    const { writeFileSync, rmSync, mkdirSync } = await import('node:fs');
    const dir = `${target.options.dataDir}/pglite`;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir);
    writeFileSync(`${dir}/PG_VERSION`, 'not a version\n');
    const failed = await openEmbedded(target.options.dataDir).catch((error: unknown) => error);
    expect(codeOf(failed)).toBe('DATABASE_UNAVAILABLE');
    expect(() => readFileSync(`${target.options.dataDir}/pglite.lock`)).toThrow();
  });
});
