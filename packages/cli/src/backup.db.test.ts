import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, openDatabase, startPlatform } from '@balancer/server';
import { freePort } from '@balancer/server/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backupCommand } from './backup.js';
import { restoreCommand } from './restore.js';
import { runCaptured as run } from './run-captured.js';

// `npm run cli -- backup|restore` on the embedded database: while the platform runs the server
// writes the backup over its control socket and restore is refused; stopped, both work directly.

async function notificationTitles(dataDir: string): Promise<string[]> {
  const handle = await openDatabase({ dataDir });
  try {
    const rows = await handle.db.selectFrom('notification').select('title').orderBy('id').execute();
    return rows.map((row) => row.title);
  } finally {
    await handle.close();
  }
}

describe('npm run cli -- backup / restore [pglite]', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-cli-backup-'));
  const file = path.join(dataDir, 'while-running.jsonl.gz');
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('backs up through the running server, and refuses to restore under it', async () => {
    const loaded = loadConfig({
      BALANCER_DATA_DIR: dataDir,
      PORT: String(await freePort()),
      LOG_LEVEL: 'silent',
      UPDATE_SOURCE_URL: 'off',
    });
    const running = await startPlatform({ loaded, webRoot: null });
    try {
      await running.services.notifications.add(
        { sender: 'server', title: 'kept', description: 'd' },
        Date.now(),
      );
      const socket = path.join(dataDir, 'control.sock');
      expect(statSync(socket).mode & 0o777).toBe(0o600);

      const backup = await run(['backup', file, '--json', '--data-dir', dataDir]);
      expect(backup.err).toBe('');
      expect(backup.code).toBe(0);
      const summary = JSON.parse(backup.out) as {
        path: string;
        byServer: boolean;
        rows: number;
        bytes: number;
      };
      expect(summary).toMatchObject({ path: file, byServer: true });
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(file).size).toBe(summary.bytes);

      const refused = await run(['restore', file, '--yes', '--data-dir', dataDir]);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('(7064)');
      await running.services.notifications.add(
        { sender: 'server', title: 'after', description: 'd' },
        Date.now(),
      );
    } finally {
      await running.stop();
    }
    expect(existsSync(path.join(dataDir, 'control.sock'))).toBe(false);
  });

  it('restores once the platform is stopped, asking first', async () => {
    expect(await notificationTitles(dataDir)).toContain('after');
    const unasked = await run(['restore', file, '--data-dir', dataDir]);
    expect(unasked.code).toBe(1);
    expect(unasked.err).toContain('(7068)'); // no terminal to ask on, no --yes
    const restored = await run(['restore', file, '--yes', '--data-dir', dataDir]);
    expect(restored.err).toBe('');
    expect(restored.out).toMatch(/^Restored .*while-running\.jsonl\.gz/);
    const titles = await notificationTitles(dataDir);
    expect(titles).toContain('kept');
    expect(titles).not.toContain('after');
  });

  it('backs up directly when no server runs, to the backups folder by default', async () => {
    const backup = await run(['backup', '--data-dir', dataDir]);
    expect(backup.code).toBe(0);
    expect(backup.out).toContain('Backup written');
    expect(backup.out).not.toContain('running server');
    const [name] = readdirSync(path.join(dataDir, 'backups'));
    expect(name).toMatch(/^balancer-\d{8}-\d{6}Z\.jsonl\.gz$/);
    expect(statSync(path.join(dataDir, 'backups')).mode & 0o777).toBe(0o700);
  });

  it('refuses bad arguments and a file that is not a backup', async () => {
    expect((await run(['restore', '--data-dir', dataDir])).err).toContain('restore takes the backup file');
    expect((await run(['backup', 'a', 'b', '--data-dir', dataDir])).err).toContain('at most one file');
    expect(
      (await run(['restore', path.join(dataDir, 'nope.gz'), '--yes', '--data-dir', dataDir])).err,
    ).toContain('(7060)');
    const existing = await run(['backup', file, '--data-dir', dataDir]);
    expect(existing.code).toBe(1);
    expect(existing.err).toContain('already exists');
  });

  const adminUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!adminUrl)(
    'restores the embedded backup into PostgreSQL and backs that up [postgresql]',
    async () => {
      const name = `balancer_cli_${process.pid}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl as string);
      url.pathname = `/${name}`;
      // The same data folder (so the same secrets.json and ENCRYPTION_KEY), now on PostgreSQL.
      const env = { BALANCER_DATA_DIR: dataDir, DATABASE_URL: url.toString() };
      const engine = new pg.Client({ connectionString: url.toString() });
      try {
        await restoreCommand({ file, yes: true, env });
        const copy = path.join(dataDir, 'from-postgres.jsonl.gz');
        const summary = JSON.parse(await backupCommand({ file: copy, json: true, env })) as {
          byServer: boolean;
        };
        expect(summary.byServer).toBe(false);
        // A running engine holds its advisory lock (platform/engine-lock.ts, key 'BALE'): refused.
        await engine.connect();
        const titles = await engine.query<{ title: string }>('SELECT title FROM notification');
        expect(titles.rows.map((row) => row.title)).toContain('kept');
        await engine.query('SELECT pg_advisory_lock($1)', [0x42414c45]);
        await expect(restoreCommand({ file: copy, yes: true, env })).rejects.toMatchObject({ code: 7064 });
      } finally {
        await engine.end();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
