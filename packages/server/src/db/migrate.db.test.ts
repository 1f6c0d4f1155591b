import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ensureInstallation } from '../platform/installation.js';
import { databaseKinds, describeEachDatabase } from '../testing/test-databases.js';
import { openDatabase } from './connect.js';
import { migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';

describeEachDatabase('migrations', (ctx) => {
  it('have created every table and recorded every migration', async () => {
    const { db } = ctx().handle;
    const recorded = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(recorded.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public'`.execute(db);
    expect(tables.rows.map((row) => row.table_name)).toContain('platform_meta');
  });

  it('apply nothing the second time', async () => {
    expect(await migrateToLatest(ctx().handle.db)).toEqual([]);
  });

  it('apply the one migration a database is behind (the quick up-to-date check lets it through)', async () => {
    const { db } = ctx().handle;
    const last = Object.keys(migrations).sort().at(-1) as string;
    const undo = await new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
    }).migrateDown();
    expect(undo.error).toBeUndefined();
    expect(undo.results?.map((result) => result.migrationName)).toEqual([last]);
    expect(await migrateToLatest(db)).toEqual([last]);
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('keep the installation identity stable and across a reopen', async () => {
    const { handle, target } = ctx();
    const first = await ensureInstallation(handle.db, new Date('2026-01-01T00:00:00Z'));
    const again = await ensureInstallation(handle.db, new Date('2026-06-01T00:00:00Z'));
    expect(again).toEqual(first);
    expect(first.firstStartedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);

    // A second connection (another pool on PostgreSQL; after a close on PGlite) sees the same data.
    if (target.kind === 'pglite') await handle.close();
    const reopened = await openDatabase(target.options);
    try {
      expect(await migrateToLatest(reopened.db)).toEqual([]);
      expect(await ensureInstallation(reopened.db, new Date())).toEqual(first);
    } finally {
      await reopened.close();
    }
    if (target.kind === 'pglite') ctx().handle = await openDatabase(target.options);
  });
});

// The suites above start from the run's migrated template; these start where an operator's first
// start does, from an empty database.
for (const { kind, create } of databaseKinds('empty')) {
  describe(`migrations on an empty database [${kind}]`, () => {
    it('apply every migration once, in order of their names', async () => {
      const target = await create();
      const handle = await openDatabase(target.options);
      try {
        expect(await migrateToLatest(handle.db)).toEqual(Object.keys(migrations).sort());
        expect(await migrateToLatest(handle.db)).toEqual([]);
      } finally {
        await handle.close();
        await target.dispose();
      }
    });
  });
}
