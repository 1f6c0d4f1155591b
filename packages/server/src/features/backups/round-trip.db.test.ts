import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { buildReadyApp } from '../../testing/ready-app.js';
import { TEST_CONFIG } from '../../testing/test-app.js';
import { databaseKinds } from '../../testing/test-databases.js';
import { createBackup } from './create-backup.js';
import { restoreBackup } from './restore-backup.js';
import { databaseContent, fillDatabase } from './test-support.js';

// A backup restored into a fresh database of each kind gives back every table row for row, every
// sequence where it was, and ids continue past the restored ones.

const KEY = TEST_CONFIG.ENCRYPTION_KEY;
const folder = mkdtempSync(path.join(tmpdir(), 'balancer-backup-rt-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

for (const source of databaseKinds()) {
  describe(`a backup of ${source.kind}`, () => {
    it('restores into every database kind with nothing lost', async () => {
      const origin = await source.create();
      const file = path.join(folder, `${source.kind}.jsonl.gz`);
      let before: Record<string, string[]>;
      try {
        const ready = await buildReadyApp(origin);
        try {
          await fillDatabase(ready);
          const summary = await createBackup(ready.db, {
            file,
            encryptionKey: KEY,
            databaseKind: source.kind,
          });
          before = await databaseContent(ready.db);
          expect(summary.rows).toBeGreaterThan(10);
          expect(statSync(file).mode & 0o777).toBe(0o600);
        } finally {
          await ready.close();
        }
      } finally {
        await origin.dispose();
      }
      // Every table the migrations made is covered, and the filled ones are not empty.
      for (const table of ['users', 'notification', 'ip_blacklist', 'api_error', 'trade', 'position']) {
        expect(before[table]?.length, table).toBeGreaterThan(0);
      }

      for (const destination of databaseKinds()) {
        const target = await destination.create();
        const handle = await openDatabase(target.options);
        try {
          // A used database: the restore replaces its content rather than adding to it.
          await migrateToLatest(handle.db);
          await handle.db
            .insertInto('notification')
            .values({ sender: 'x', title: 'dropped', description: 'd', event_time: 1 })
            .execute();
          const restored = await restoreBackup(handle.db, { file, encryptionKey: KEY });
          expect(restored.migrated).toEqual([]);
          expect(await databaseContent(handle.db), `${source.kind} → ${destination.kind}`).toEqual(before);
          // The restored tables have planner statistics (never analyzed: reltuples -1).
          const stats = await sql<{ tuples: number }>`
            select reltuples::float8 as tuples from pg_class where relname = 'trade'`.execute(handle.db);
          expect(stats.rows[0]?.tuples).toBeGreaterThan(0);

          // Sequences continue after the restored ids.
          const maxId = await sql<{ id: string }>`select max(id)::text as id from notification`.execute(
            handle.db,
          );
          const added = await handle.db
            .insertInto('notification')
            .values({ sender: 'x', title: 'new', description: 'd', event_time: 2 })
            .returning('id')
            .executeTakeFirstOrThrow();
          expect(Number(added.id)).toBeGreaterThan(Number(maxId.rows[0]?.id));
          const transactions = await sql<{ next: string; max: string | null }>`
            select nextval('transaction_id_seq')::text as next, (select max(id)::text from "transaction") as max`.execute(
            handle.db,
          );
          expect(Number(transactions.rows[0]?.next)).toBeGreaterThan(Number(transactions.rows[0]?.max ?? 0));
        } finally {
          await handle.close();
          await target.dispose();
        }
      }
    });
  });
}
