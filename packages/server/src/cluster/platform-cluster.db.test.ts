import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load.js';
import { startPlatform } from '../platform/start.js';
import { freePort } from '../testing/spawn-server.js';
import { streamLinkConnections } from '../testing/stream-link-connections.js';
import { databaseKinds, type TestDatabase } from '../testing/test-databases.js';

// The whole platform (platform/start.ts) with a stream adapter: what it opens is closed by its stop,
// and the connection URLs' passwords never reach the log. PostgreSQL only (skipped without
// TEST_DATABASE_URL): the embedded database has no adapter.

const postgres = databaseKinds().find((kind) => kind.kind === 'postgresql');
const PG_PASSWORD = 'pg-secret-in-url';
const REDIS_PASSWORD = 'redis-secret-in-url';

describe.skipIf(postgres === undefined)('the platform with a stream adapter [postgresql]', () => {
  let target: TestDatabase | undefined;
  afterEach(async () => {
    await target?.dispose();
    target = undefined;
  });

  async function start(env: Record<string, string>) {
    target = await postgres!.create();
    const url = new URL(target.options.databaseUrl!);
    url.password = PG_PASSWORD; // trust authentication: ignored by the server, a secret all the same
    const lines: string[] = [];
    const loaded = loadConfig({
      BALANCER_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'balancer-cluster-')),
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      UPDATE_SOURCE_URL: 'off',
      DATABASE_URL: url.toString(),
      ...env,
    });
    const running = await startPlatform({
      loaded,
      webRoot: null,
      sink: { write: (line) => lines.push(line) },
    });
    return { running, lines, url: target.options.databaseUrl! };
  }

  it('on PostgreSQL alone: LISTEN/NOTIFY through its own pool, closed by the stop', async () => {
    const { running, lines, url } = await start({ INSTANCE_NAME: 'solo' });
    expect(lines.find((line) => line.includes('cluster:'))).toMatch(
      /"adapter":"postgresql".*"instance":"solo"/,
    );
    await expect.poll(() => streamLinkConnections(url)).toBeGreaterThan(0);
    await running.stop();
    await expect.poll(() => streamLinkConnections(url)).toBe(0);
    expect(lines.filter((line) => line.includes('stop budget spent'))).toEqual([]);
    expect(lines.join('\n')).not.toContain(PG_PASSWORD);
  }, 30_000);

  it('with REDIS_URL unreachable: starts all the same, logs the outage without the password, stops', async () => {
    const redisUrl = `redis://:${REDIS_PASSWORD}@127.0.0.1:${await freePort()}`;
    const { running, lines, url } = await start({ REDIS_URL: redisUrl });
    expect(lines.find((line) => line.includes('cluster:'))).toContain('"adapter":"redis"');
    await expect.poll(() => lines.some((line) => line.includes('Redis connection failed'))).toBe(true);
    await running.stop();
    expect(await streamLinkConnections(url)).toBe(0);
    expect(lines.filter((line) => line.includes('stop budget spent'))).toEqual([]);
    const log = lines.join('\n');
    expect(log).not.toContain(REDIS_PASSWORD);
    expect(log).not.toContain(PG_PASSWORD);
  }, 30_000);
});
