import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { TEST_CONFIG } from '../../testing/test-app.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { createBackup } from './create-backup.js';

// A backup taken while the platform writes holds one snapshot: a user and its password update,
// written in one transaction, are both in the backup or both not.

const folder = mkdtempSync(path.join(tmpdir(), 'balancer-backup-snap-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Rows of one table from a backup file (JSON.parse is fine here: the checked fields are text). */
function rowsOf(file: string, table: string): Array<Record<string, unknown>> {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').trim().split('\n').slice(1);
  return lines
    .map((line) => JSON.parse(line) as { table?: string; rows?: Array<Record<string, unknown>> })
    .filter((batch) => batch.table === table)
    .flatMap((batch) => batch.rows ?? []);
}

describeEachDatabase('a backup during writes', (ctx) => {
  it('contains each parent/child pair whole or not at all', async () => {
    const { db } = ctx().handle;
    let written = 0;
    let stop = false;
    let reachedThree: () => void = () => {};
    const threeWritten = new Promise<void>((resolve) => {
      reachedThree = resolve;
    });
    const writer = (async () => {
      while (!stop) {
        await db.transaction().execute(async (trx) => {
          const user = await trx
            .insertInto('users')
            .values({
              nickname: `pair-${written}`,
              authority: 1,
              otp_secret_sealed: 'x',
              created_at: written,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('password_updates')
            .values({ user_id: user.id, event_time: written })
            .execute();
        });
        written += 1;
        if (written === 3) reachedThree();
      }
    })();
    await threeWritten;
    const file = path.join(folder, `${ctx().target.kind}.jsonl.gz`);
    try {
      await createBackup(db, {
        file,
        encryptionKey: TEST_CONFIG.ENCRYPTION_KEY,
        databaseKind: ctx().target.kind,
      });
    } finally {
      stop = true;
      await writer;
    }
    const users = rowsOf(file, 'users').filter((row) => String(row.nickname).startsWith('pair-'));
    const updates = rowsOf(file, 'password_updates');
    expect(users.length).toBeGreaterThanOrEqual(3);
    expect(new Set(updates.map((row) => row.user_id))).toEqual(new Set(users.map((row) => row.id)));
    expect(updates).toHaveLength(users.length);
  });
});
