import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import type { Readiness } from '@balancer/core';
import { afterAll, describe, expect, it } from 'vitest';
import { otpSecretIn } from './features/accounts/test-support.js';
import { SERVER_NODE_FLAGS } from './node-flags.js';
import {
  freePort,
  logLines,
  SERVER_MAIN,
  spawnServer,
  spawnServerExpectingFailure,
} from './testing/spawn-server.js';
import { databaseKinds, type TestDatabase } from './testing/test-databases.js';

// The built server as `npm start` runs it: a real process, real signals, a real data folder.

const installationOf = (stdout: string) =>
  logLines(stdout).find((line) => line.msg === 'database ready')?.installation as string | undefined;

for (const { kind, create } of databaseKinds()) {
  describe(`the server process [${kind}]`, () => {
    let target: TestDatabase;
    afterAll(() => target?.dispose());

    it('starts, serves, stops cleanly with exit 0, and keeps data and secrets across restarts', async () => {
      target = await create();
      const env = {
        BALANCER_DATA_DIR: target.options.dataDir,
        PORT: String(await freePort()),
        ...(target.options.databaseUrl ? { DATABASE_URL: target.options.databaseUrl } : {}),
      };
      const first = await spawnServer(env);
      const ready = await (await fetch(`${first.url}/ready`)).json();
      expect(ready).toEqual({
        success: true,
        data: {
          ready: true,
          database: kind,
          links: { sourceCodeUrl: null, contactEmail: null },
          tls: { mode: 'off', fingerprint256: null },
          // Named `<hostname>:<port>` by default (INSTANCE_NAME unset); the only instance.
          cluster: expect.objectContaining({ instance: `${hostname()}:${env.PORT}` }),
        },
        error: null,
      });
      const { cluster } = (ready as { data: Readiness }).data;
      expect(cluster.instances.map((seen) => seen.name)).toEqual([`${hostname()}:${env.PORT}`]);
      const ping = (await (await fetch(`${first.url}/ping`)).json()) as { data: { ip: string } };
      expect(ping.data.ip).toMatch(/127\.0\.0\.1$/);

      const secretsFile = path.join(target.options.dataDir, 'secrets.json');
      expect(statSync(secretsFile).mode & 0o777).toBe(0o600);
      const secrets = readFileSync(secretsFile, 'utf8');

      // Exit 0 after a clean stop; how long it takes is measured by `npm run bench` (stop_ms),
      // and main.ts cuts remaining connections at 4.5 s by construction.
      expect(await first.stop()).toBe(0);
      expect(first.stdout()).toContain('stopped cleanly');
      const firstId = installationOf(first.stdout());
      expect(firstId).toMatch(/^[0-9a-f-]{36}$/);

      const second = await spawnServer(env);
      expect(await second.stop()).toBe(0);
      expect(installationOf(second.stdout())).toBe(firstId);
      expect(readFileSync(secretsFile, 'utf8')).toBe(secrets);
      const migrated = logLines(second.stdout()).find((line) => line.msg === 'database ready');
      expect(migrated?.migrationsApplied).toEqual([]);

      // stdout is a pipe here, as under systemd or Docker: root's one-time-code secret went to a
      // file only its owner reads, and the log names the file; the second start says it again.
      const rootOtpFile = path.join(target.options.dataDir, 'root-otp.txt');
      expect(statSync(rootOtpFile).mode & 0o777).toBe(0o600);
      const rootSecret = otpSecretIn(readFileSync(rootOtpFile, 'utf8'));
      for (const run of [first, second]) {
        expect(logLines(run.stdout()).filter((line) => line.file === rootOtpFile)).toHaveLength(1);
      }

      // No secret value reaches the output of either run.
      for (const value of [...(Object.values(JSON.parse(secrets)) as string[]), rootSecret, 'otpauth://']) {
        for (const run of [first, second]) {
          expect(run.stdout()).not.toContain(value);
          expect(run.stderr()).not.toContain(value);
        }
      }
    });
  });
}

describe('the server process and signals', () => {
  it('honours a SIGTERM that arrives during start-up: it finishes starting, then stops cleanly', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-early-'));
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], {
      env: { ...process.env, LOG_FORMAT: 'json', BALANCER_DATA_DIR: dataDir, PORT: String(await freePort()) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const exited = new Promise<number | string>((resolve) => {
      child.once('exit', (code, signal) => resolve(code ?? signal ?? -1));
    });
    // "Server listening" comes before the database is open: the platform is still starting.
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Server listening')) resolve();
      });
    });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toContain('stopped cleanly');
    expect(out).not.toContain('Balancer is running at');
  });
  it('takes one Ctrl-C that arrives twice (the terminal and npm both send it) as one clean stop', async () => {
    const server = await spawnServer({
      BALANCER_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'balancer-ctrl-c-')),
      PORT: String(await freePort()),
    });
    server.process.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 50));
    server.process.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toContain('stopped cleanly');
  });
});

describe('the server process refuses to start', () => {
  it('with a bad configuration, listing every bad key, exit 1', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-bad-'));
    const result = await spawnServerExpectingFailure({
      BALANCER_DATA_DIR: dataDir,
      PORT: 'eighty',
      LOG_LEVEL: 'chatty',
      JWT_SECRET: 'tiny',
      CONTACT_EMAIL: 'contact@balancer.invalid',
      SOURCE_CODE_URL: 'ftp://example.org/balancer',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the configuration is invalid (code 8500)');
    for (const key of ['PORT', 'LOG_LEVEL', 'JWT_SECRET', 'CONTACT_EMAIL', 'SOURCE_CODE_URL'])
      expect(result.stderr).toContain(`  - ${key}: `);
    expect(result.stderr).not.toContain('tiny');
  });

  it('when another process holds the embedded database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-lock-'));
    const holder = await spawnServer({ BALANCER_DATA_DIR: dataDir, PORT: String(await freePort()) });
    try {
      const second = await spawnServerExpectingFailure({
        BALANCER_DATA_DIR: dataDir,
        PORT: String(await freePort()),
      });
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(
        `the embedded database serves one instance and is in use by another Balancer process (pid ${holder.process.pid})`,
      );
      expect(second.stderr).toContain('set DATABASE_URL (PostgreSQL) to run more than one instance');
      const still = (await (await fetch(`${holder.url}/ready`)).json()) as { success: boolean };
      expect(still.success).toBe(true);
    } finally {
      await holder.stop();
    }
  });
});
