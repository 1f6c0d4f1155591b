import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from './types.js';
import { WriteWatch } from './write-watch.js';

/** Kysely over a driver that runs nothing: the plugin sees every statement as the real one would. */
function watched(): { db: Kysely<Database>; watch: WriteWatch } {
  const watch = new WriteWatch();
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (inner) => new PostgresIntrospector(inner),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    plugins: [watch],
  });
  return { db, watch };
}

describe('WriteWatch', () => {
  it('leaves the versions alone for reads, raw reads and transaction control', async () => {
    const { db, watch } = watched();
    await db.selectFrom('position').selectAll().execute();
    await sql`select 1`.execute(db);
    await sql`  begin`.execute(db);
    await sql`vacuum (analyze) position`.execute(db);
    expect(watch.version(['position', 'trade'])).toBe(0);
  });

  it('counts an insert, an update and a delete against their own table, twice each (before and after)', async () => {
    const { db, watch } = watched();
    await db
      .insertInto('position')
      .values({} as never)
      .execute();
    expect(watch.version(['position'])).toBe(2);
    expect(watch.version(['trade'])).toBe(0);
    await db
      .updateTable('trade')
      .set({} as never)
      .execute();
    expect(watch.version(['trade'])).toBe(2);
    await db.deleteFrom('position_price').execute();
    expect(watch.version(['position_price'])).toBe(2);
    expect(watch.version(['position', 'trade', 'position_price'])).toBe(6);
    expect(watch.version(['engine_setting'])).toBe(0);
  });

  it('counts raw SQL that may write, and writes with a WITH clause, against every table', async () => {
    const { db, watch } = watched();
    await sql`insert into position default values`.execute(db);
    expect(watch.version(['engine_setting'])).toBe(2);
    await db
      .with('gone', (q) => q.deleteFrom('trade').returning('id'))
      .selectFrom('gone')
      .selectAll()
      .execute();
    expect(watch.version(['engine_setting'])).toBe(4);
  });

  it('counts a write that fails once (before it ran)', async () => {
    const watch = new WriteWatch();
    const db = new Kysely<Database>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () =>
          Object.assign(new DummyDriver(), {
            acquireConnection: async () => ({
              executeQuery: async () => {
                throw new Error('refused');
              },
              streamQuery: () => {
                throw new Error('refused');
              },
            }),
          }),
        createIntrospector: (inner) => new PostgresIntrospector(inner),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
      plugins: [watch],
    });
    await expect(db.deleteFrom('trade').execute()).rejects.toThrow('refused');
    expect(watch.version(['trade'])).toBe(1);
  });
});
