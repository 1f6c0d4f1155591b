import { parseCodedMessage } from '@balancer/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { asUser, buildReadyOpsApp, type ReadyOpsApp } from '../../testing/ready-app-ops.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import type { DatabaseSummary } from './database-summary.js';

describeEachDatabase('database summary', (ctx) => {
  let ops: ReadyOpsApp;
  beforeAll(async () => {
    ops = await buildReadyOpsApp(ctx().handle); // creates the root account: one row in users
    await ops.services.notifications.add({ sender: 'server', title: 'summary', description: 'a row' }, 1_000);
  });
  afterAll(() => ops.app.close());

  const summary = async () => {
    const { body } = await ops.call({ method: 'GET', url: '/database/summary', headers: asUser(2) });
    expect(body.error).toBeNull();
    return body.data as DatabaseSummary;
  };

  it('names the database, its kind, version and size, and lists its tables largest first', async () => {
    const { db, kind } = ctx().handle;
    const data = await summary();
    const actual = await sql<{ name: string }>`select current_database() as name`.execute(db);
    expect(data.name).toBe(actual.rows[0]?.name);
    expect(data.kind).toBe(kind);
    // CI runs PostgreSQL 15; PGlite embeds PostgreSQL 18.
    expect(data.version).toMatch(/^\d+\.\d+/);
    expect(data.size).toBeGreaterThan(0);
    const byName = new Map(data.tables.map((table) => [table.name, table]));
    for (const name of ['users', 'notification', 'server_alarms', 'kysely_migration']) {
      expect(byName.get(name)?.size, name).toBeGreaterThan(0);
    }
    expect(byName.get('users')?.rows).toBe(1);
    expect(byName.get('notification')?.rows).toBeGreaterThanOrEqual(1);
    const sizes = data.tables.map((table) => table.size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });

  it("uses PostgreSQL's row estimate once a table was analysed, and counts it before", async () => {
    const { db } = ctx().handle;
    const before = (await summary()).tables.find((table) => table.name === 'users');
    expect(before).toMatchObject({ rows: 1, rowsEstimated: false });
    await sql`analyze users`.execute(db);
    const after = (await summary()).tables.find((table) => table.name === 'users');
    expect(after).toMatchObject({ rows: 1, rowsEstimated: true });
  });

  it('needs authority 2', async () => {
    const { body } = await ops.call({ method: 'GET', url: '/database/summary', headers: asUser(1) });
    expect(parseCodedMessage(body.error ?? '').code).toBe(4002);
  });
});
