import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../node-flags.js';
import { freePort, SERVER_MAIN } from '../testing/spawn-server.js';
import { databaseKinds, type TestDatabase } from '../testing/test-databases.js';

// The built server while it starts: whatever arrives once the port accepts connections gets an
// answer at once (6002 for the API, the page for `/`), never a wait for the database.

/** kysely's migration lock on PostgreSQL (its PostgresAdapter): held, the server cannot get ready. */
const MIGRATION_LOCK_ID = '3853314791062309107';

/** Resolves once something accepts connections on the port (polled; the process is starting). */
async function portOpen(port: number, deadlineMs = 60_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const accepted = await new Promise<boolean>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (accepted) return;
    if (Date.now() > until) throw new Error(`nothing listens on ${port} after ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

interface Answer {
  status: number;
  type: string;
  body: string;
}

async function get(url: string): Promise<Answer> {
  const response = await fetch(url, { headers: { accept: 'application/json, text/html' } });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: await response.text(),
  };
}

const NOT_READY = { success: false, data: null, error: expect.stringContaining('{(6002)}') };

for (const { kind, create } of databaseKinds()) {
  describe(`a starting server [${kind}]`, () => {
    let target: TestDatabase;
    afterAll(() => target?.dispose());

    it('answers the API with 6002, /ready with 503 and / with the page before it is ready', async () => {
      target = await create();
      const port = await freePort();
      // PostgreSQL: the test holds the migration lock, so the not-ready window lasts until it lets
      // go. PGlite: the window is the embedded database's open, which main.ts begins before listening.
      const holder = target.options.databaseUrl
        ? new pg.Client({ connectionString: target.options.databaseUrl })
        : null;
      await holder?.connect();
      await holder?.query(`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
      const events: string[] = [];
      const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], {
        env: {
          ...process.env,
          LOG_FORMAT: 'json',
          UPDATE_SOURCE_URL: 'off',
          BALANCER_DATA_DIR: target.options.dataDir,
          PORT: String(port),
          ...(target.options.databaseUrl ? { DATABASE_URL: target.options.databaseUrl } : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (!events.includes('running') && stdout.includes('Balancer is running at')) events.push('running');
      });
      const exited = new Promise((resolve) => child.once('close', resolve));
      try {
        await portOpen(port);
        const base = `http://127.0.0.1:${port}`;
        const answered = (name: string) => (answer: Answer) => {
          events.push(name);
          return answer;
        };
        const [ready, api, page] = await Promise.all([
          get(`${base}/ready`).then(answered('/ready')),
          get(`${base}/auth/user/me`).then(answered('api')),
          get(`${base}/`).then(answered('/')),
        ]);
        expect(ready.status).toBe(503);
        expect(JSON.parse(ready.body)).toEqual(NOT_READY);
        expect(api.status).toBe(200);
        expect(JSON.parse(api.body)).toEqual(NOT_READY);
        expect(page.status).toBe(200);
        expect(page.type).toContain('text/html');
        expect(events.indexOf('running')).toBe(-1);

        await holder?.end();
        await new Promise<void>((resolve) => {
          const check = () => (events.includes('running') ? resolve() : setTimeout(check, 20));
          check();
        });
        expect(events.slice(-1)).toEqual(['running']);
        const after = await get(`${base}/ready`);
        expect(after.status).toBe(200);
      } finally {
        await holder?.end().catch(() => {});
        child.kill('SIGTERM');
        await exited;
      }
    }, 90_000);
  });
}

describe('a starting server with LISTEN_BEFORE_READY=false [postgresql]', () => {
  let target: TestDatabase | undefined;
  afterAll(() => target?.dispose());
  const postgres = databaseKinds().find((entry) => entry.kind === 'postgresql');

  it.skipIf(!postgres)(
    'opens its port only once the database is ready',
    async () => {
      target = await (postgres as NonNullable<typeof postgres>).create();
      const port = await freePort();
      const holder = new pg.Client({ connectionString: target.options.databaseUrl });
      await holder.connect();
      await holder.query(`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
      const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], {
        env: {
          ...process.env,
          LOG_FORMAT: 'json',
          UPDATE_SOURCE_URL: 'off',
          LISTEN_BEFORE_READY: 'false',
          BALANCER_DATA_DIR: target.options.dataDir,
          PORT: String(port),
          DATABASE_URL: target.options.databaseUrl ?? '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      const exited = new Promise((resolve) => child.once('close', resolve));
      try {
        // The server waits for the migration lock: it has connected to the database (kysely asked
        // for the lock), yet nothing listens.
        await new Promise<void>((resolve) => {
          const check = async () => {
            const waiting = await holder.query(
              "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted",
            );
            if ((waiting.rows[0] as { n: number }).n > 0) resolve();
            else setTimeout(check, 20);
          };
          void check();
        });
        await expect(portOpen(port, 300)).rejects.toThrow(/nothing listens/);
        await holder.end();
        await portOpen(port);
        const ready = await get(`http://127.0.0.1:${port}/ready`);
        expect(ready.status).toBe(200);
        expect(stdout).toContain('database ready');
      } finally {
        await holder.end().catch(() => {});
        child.kill('SIGTERM');
        await exited;
      }
    },
    90_000,
  );
});
