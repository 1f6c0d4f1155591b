import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { type CodedError, isCodedError } from '@balancer/core';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../db/connect.js';
import { migrations } from '../../db/migrations/index.js';
import { PostgresEngineLock } from '../../platform/engine-lock.js';
import { TEST_CONFIG } from '../../testing/test-app.js';
import { databaseKinds, describeEachDatabase } from '../../testing/test-databases.js';
import { createBackup } from './create-backup.js';
import { restoreBackup } from './restore-backup.js';
import { databaseContent } from './test-support.js';

// Every bad backup is refused with its code and leaves the database exactly as it was.

const KEY = TEST_CONFIG.ENCRYPTION_KEY;
const folder = mkdtempSync(path.join(tmpdir(), 'balancer-backup-bad-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function codeOf(work: Promise<unknown>): Promise<number> {
  const error = await work.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (!isCodedError(error)) throw new Error(`expected a coded error, got ${String(error)}`);
  return (error as CodedError).code;
}

/** A copy of a backup's lines, changed by `edit`, gzipped into a new file. */
function rewrite(file: string, name: string, edit: (lines: string[]) => string[]): string {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  const target = path.join(folder, name);
  writeFileSync(target, gzipSync(edit(lines).join('\n')));
  return target;
}

describeEachDatabase('restore refuses bad backups', (ctx) => {
  let good = '';
  let before: Record<string, string[]>;
  beforeAll(async () => {
    const { handle, target } = ctx();
    // Enough rows (~150 KB of hex text) that a file cut at 80 % still shows its header.
    await sql`insert into notification (sender, title, description, event_time)
      select 's', 'n' || g, md5(g::text) || md5((g + 1)::text), g from generate_series(1, 2000) g`.execute(
      handle.db,
    );
    await handle.db
      .insertInto('notification')
      .values({ sender: 's', title: 't', description: 'd', event_time: 1 })
      .execute();
    good = path.join(folder, `${target.kind}-good.jsonl.gz`);
    await createBackup(handle.db, { file: good, encryptionKey: KEY, databaseKind: target.kind });
    // What the database holds before each refused restore: a different content than the backup's.
    await handle.db
      .insertInto('notification')
      .values({ sender: 's', title: 'after', description: 'd', event_time: 2 })
      .execute();
    before = await databaseContent(handle.db);
  });
  const restore = (file: string, options: { encryptionKey?: string; ignoreKeyMismatch?: boolean } = {}) =>
    restoreBackup(ctx().handle.db, { file, encryptionKey: KEY, ...options });

  it('refuses unreadable, foreign, damaged and incomplete files', async () => {
    const kind = ctx().target.kind;
    expect(await codeOf(restore(path.join(folder, 'missing.jsonl.gz')))).toBe(7060);
    expect(await codeOf(restore(folder))).toBe(7060); // a folder
    const plain = path.join(folder, `${kind}-plain.txt`);
    writeFileSync(plain, 'not gzip at all\n');
    expect(await codeOf(restore(plain))).toBe(7061);
    const foreign = path.join(folder, `${kind}-foreign.gz`);
    writeFileSync(foreign, gzipSync('{"hello":"world"}\n'));
    expect(await codeOf(restore(foreign))).toBe(7061);
    const future = rewrite(good, `${kind}-v2.gz`, ([header, ...rest]) => [
      JSON.stringify({ ...JSON.parse(header ?? ''), formatVersion: 2 }),
      ...rest,
    ]);
    expect(await codeOf(restore(future))).toBe(7061);
    // Cut in the middle of the gzip stream, and cut at a line (valid gzip, no end mark): the
    // restore starts, fails, and rolls back.
    const bytes = readFileSync(good);
    const cut = path.join(folder, `${kind}-cut.gz`);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    expect(await codeOf(restore(cut))).toBe(7067);
    const short = rewrite(good, `${kind}-short.gz`, (lines) => lines.slice(0, -3));
    expect(await codeOf(restore(short))).toBe(7067);
    expect(await databaseContent(ctx().handle.db)).toEqual(before);
  });

  it('refuses a backup from a newer version and one made under another key', async () => {
    const kind = ctx().target.kind;
    const newer = rewrite(good, `${kind}-newer.gz`, ([header, ...rest]) => {
      const parsed = JSON.parse(header ?? '') as { migrations: string[] };
      return [
        JSON.stringify({ ...parsed, migrations: [...parsed.migrations, '9999_from_the_future'] }),
        ...rest,
      ];
    });
    expect(await codeOf(restore(newer))).toBe(7062);
    const otherKey = Buffer.alloc(32, 9).toString('base64url');
    expect(await codeOf(restore(good, { encryptionKey: otherKey }))).toBe(7063);
    expect(await databaseContent(ctx().handle.db)).toEqual(before);
    // Told to, it restores anyway (the sealed secrets stay unreadable under the other key).
    await restore(good, { encryptionKey: otherKey, ignoreKeyMismatch: true });
    const titles = await ctx()
      .handle.db.selectFrom('notification')
      .select('title')
      .where('title', 'in', ['t', 'after'])
      .execute();
    expect(titles.map((row) => row.title)).toEqual(['t']);
  });

  it('refuses while an engine holds the engine lock (PostgreSQL)', async () => {
    const { target } = ctx();
    if (!target.options.databaseUrl) return; // the embedded database is guarded by its lock file
    const lock = new PostgresEngineLock(target.options.databaseUrl);
    expect(await lock.tryAcquire()).toBe(true);
    try {
      expect(await codeOf(restore(good))).toBe(7064);
    } finally {
      await lock.release();
    }
  });
});

for (const { kind, create } of databaseKinds()) {
  it(`restores an older backup at its own level, then migrates it [${kind}]`, async () => {
    const target = await create();
    const handle = await openDatabase(target.options);
    try {
      const names = Object.keys(migrations).sort();
      const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0003_operations')).error).toBeUndefined();
      await handle.db
        .insertInto('notification')
        .values({ sender: 's', title: 'old', description: 'd', event_time: 1 })
        .execute();
      const file = path.join(folder, `${kind}-old.jsonl.gz`);
      await createBackup(handle.db, { file, encryptionKey: KEY, databaseKind: kind });
      await migrator.migrateToLatest();
      const restored = await restoreBackup(handle.db, { file, encryptionKey: KEY });
      expect(restored.migrated).toEqual(names.slice(3)); // after 0001–0003
      const titles = await handle.db.selectFrom('notification').select('title').execute();
      expect(titles.map((row) => row.title)).toEqual(['old']);
    } finally {
      await handle.close();
      await target.dispose();
    }
  });
}
