import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DoctorReport, doctorReportSchema } from '@balancer/core';
import { startBinanceServer } from '@balancer/engine/testing';
import { startKrakenServer } from '@balancer/engine/testing/kraken';
import {
  ExchangeCredentials,
  loadConfig,
  migrateToLatest,
  openDatabase,
  startPlatform,
} from '@balancer/server';
import { freePort } from '@balancer/server/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runCaptured as run } from '../run-captured.js';

// `npm run cli -- doctor` for real: on a real data folder, with a running platform, a port held by
// another server, a dead and a live PostgreSQL, and the local Binance-compatible server's clock.

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function folder(prefix: string): string {
  const made = mkdtempSync(path.join(tmpdir(), `balancer-doctor-${prefix}-`));
  folders.push(made);
  return made;
}

/** Runs doctor --json with these settings (a settings file, as the service has). */
async function doctor(
  settings: Record<string, string>,
  mode = 0o600,
): Promise<{ code: number; report: DoctorReport; out: string }> {
  const file = path.join(folder('settings'), 'balancer.env');
  writeFileSync(
    file,
    Object.entries(settings)
      .map(([key, value]) => `${key}=${value}\n`)
      .join(''),
    { mode },
  );
  const json = await run(['doctor', '--json', '--settings', file]);
  expect(json.err).toBe('');
  const report = doctorReportSchema.parse(JSON.parse(json.out));
  const text = await run(['doctor', '--settings', file]);
  expect(text.code).toBe(json.code);
  return { code: json.code, report, out: text.out };
}

const status = (report: DoctorReport, check: string) => report.checks.find((c) => c.check === check);

/** The run failed (exit 1) on `check`, whose fix says `fix`. */
function expectFailure(run: { code: number; report: DoctorReport }, check: string, fix: string): void {
  expect(run.code).toBe(1);
  expect(status(run.report, check)).toMatchObject({ status: 'fail', fix: expect.stringContaining(fix) });
}

describe('npm run cli -- doctor', () => {
  it('on the embedded database: a running platform, then loose secrets, then a stranger on the port', async () => {
    const dataDir = folder('data');
    const port = await freePort();
    const settings = { BALANCER_DATA_DIR: dataDir, PORT: String(port), UPDATE_SOURCE_URL: 'off' };
    const loaded = loadConfig({ ...settings, LOG_LEVEL: 'silent' });
    const running = await startPlatform({ loaded, webRoot: null });
    try {
      const healthy = await doctor(settings);
      expect(healthy.code).toBe(0);
      expect(healthy.report.ok).toBe(true);
      expect(status(healthy.report, 'database')?.detail).toContain(
        `held by the running server (pid ${process.pid})`,
      );
      expect(status(healthy.report, 'port PORT')).toMatchObject({
        status: 'ok',
        detail: expect.stringContaining('running Balancer'),
      });
      expect(status(healthy.report, 'secret files')?.status).toBe('ok');
      expect(status(healthy.report, 'clock')?.status).toBe('skip');
      expect(healthy.out).toContain('nothing failed');

      chmodSync(path.join(dataDir, 'secrets.json'), 0o644);
      const loose = await doctor(settings);
      expect(loose.code).toBe(1);
      expect(status(loose.report, 'secret file')).toMatchObject({
        status: 'fail',
        fix: `chmod 600 ${path.join(dataDir, 'secrets.json')}`,
      });
      expect(loose.out).toMatch(/fail\s+secret file/);
      chmodSync(path.join(dataDir, 'secrets.json'), 0o600);
    } finally {
      await running.stop();
    }
    const stopped = await doctor(settings);
    expect(stopped.code).toBe(0);
    expect(status(stopped.report, 'port PORT')?.detail).toContain('free');
    expect(status(stopped.report, 'database')?.detail).toContain('no server is running');

    const stranger: Server = createServer((_request, response) => response.end('not balancer'));
    await new Promise<void>((resolve) => stranger.listen(port, '127.0.0.1', resolve));
    try {
      expectFailure(await doctor(settings), 'port PORT', 'set PORT');
    } finally {
      await new Promise((resolve) => stranger.close(resolve));
    }
  });

  it('fails a settings file others can read, and warns of keys no setting has', async () => {
    const result = await doctor({ BALANCER_DATA_DIR: folder('loose-settings'), PROT: '443' }, 0o644);
    expectFailure(result, 'settings file', 'chmod 600');
    expect(status(result.report, 'settings')).toMatchObject({
      status: 'warn',
      detail: expect.stringContaining('PROT'),
    });
  });

  it('fails a DATABASE_URL nothing answers, quickly', async () => {
    const dataDir = folder('dead');
    const dead = await freePort();
    const result = await doctor({
      BALANCER_DATA_DIR: dataDir,
      DATABASE_URL: `postgres://balancer:hunter2@127.0.0.1:${dead}/balancer`,
    });
    expect(result.code).toBe(1);
    const database = status(result.report, 'database');
    expect(database?.status).toBe('fail');
    expect(database?.detail).not.toContain('hunter2');
    expect(database?.fix).toContain('DATABASE_URL');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL: reachable, pending migrations, then a running platform with none',
    async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `balancer_doctor_${process.pid}`;
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${name}`;
      try {
        const settings = { BALANCER_DATA_DIR: folder('pg'), DATABASE_URL: url.toString() };
        const fresh = await doctor(settings);
        expect(status(fresh.report, 'database')?.status).toBe('ok');
        expect(status(fresh.report, 'migrations')).toMatchObject({
          status: 'warn',
          detail: expect.stringContaining('0001_platform_meta'),
        });
        // The platform migrates at its start; doctor then finds it on PORT and nothing pending.
        const port = String(await freePort());
        const loaded = loadConfig({ ...settings, PORT: port, LOG_LEVEL: 'silent', UPDATE_SOURCE_URL: 'off' });
        const running = await startPlatform({ loaded, webRoot: null });
        try {
          const served = await doctor({ ...settings, PORT: port });
          expect(served.code).toBe(0);
          expect(status(served.report, 'migrations')?.status).toBe('ok');
          expect(status(served.report, 'port PORT')?.detail).toContain('running Balancer');
        } finally {
          await running.stop();
        }
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
  );

  it("measures the clock against the exchange's (the local Binance-compatible server)", async () => {
    let offsetMs = 0;
    const exchange = await startBinanceServer({ now: () => Date.now() + offsetMs });
    try {
      const settings = {
        BALANCER_DATA_DIR: folder('clock'),
        EXCHANGE_MODE: 'paper',
        EXCHANGE_STREAMS: 'false',
        EXCHANGE_API_URL: `${exchange.url}/api/v3`,
      };
      const inTime = status((await doctor(settings)).report, 'clock');
      expect(inTime).toMatchObject({ status: 'ok', detail: expect.stringContaining('against binance') });
      offsetMs = 3_000;
      expect(status((await doctor(settings)).report, 'clock')?.status).toBe('warn');
      offsetMs = -8_000;
      expectFailure(await doctor(settings), 'clock', 'timedatectl set-ntp true');
    } finally {
      await exchange.close();
    }
  });

  // Keys of the shape Binance issues (64 letters and digits); the stand-in accepts only these.
  const API_KEY = 'vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A';
  const SECRET = 'NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j';

  it("in live mode asks the exchange what the settings' keys may do: trade, withdraw, neither, refused", async () => {
    const exchange = await startBinanceServer({ apiKey: API_KEY, secret: SECRET });
    try {
      const settings = {
        BALANCER_DATA_DIR: folder('keys'),
        EXCHANGE_MODE: 'live',
        EXCHANGE_STREAMS: 'false',
        EXCHANGE_API_URL: `${exchange.url}/api/v3`,
        EXCHANGE_API_KEY: API_KEY,
        EXCHANGE_API_SECRET: SECRET,
      };
      const good = await doctor(settings);
      expect(status(good.report, 'exchange keys')).toMatchObject({
        status: 'ok',
        detail: expect.stringContaining('can read and trade'),
      });
      expect(status(good.report, 'key withdrawal')?.status).toBe('ok');
      expect(good.out).not.toContain(API_KEY);
      expect(good.out).not.toContain(SECRET);

      exchange.state.permissions.withdraw = true;
      const withdrawing = await doctor(settings);
      expect(status(withdrawing.report, 'key withdrawal')).toMatchObject({
        status: 'warn',
        detail: expect.stringContaining('these keys can withdraw: make keys without withdrawal rights'),
      });
      expect(status(withdrawing.report, 'exchange keys')?.status).toBe('ok');

      exchange.state.permissions.trade = false;
      expectFailure(await doctor(settings), 'exchange keys', 'spot trading permission');

      const refused = await doctor({ ...settings, EXCHANGE_API_SECRET: SECRET.replace('N', 'M') });
      expectFailure(refused, 'exchange keys', 'check the key and secret');
      expect(status(refused.report, 'exchange keys')?.detail).not.toContain(SECRET.replace('N', 'M'));
      expect(exchange.state.orders).toHaveLength(0);
    } finally {
      await exchange.close();
    }
    // Nothing answers: a failed check, not a crash.
    const dead = await freePort();
    const unreachable = await doctor({
      BALANCER_DATA_DIR: folder('keys-dead'),
      EXCHANGE_MODE: 'live',
      EXCHANGE_API_URL: `http://127.0.0.1:${dead}/api/v3`,
      EXCHANGE_API_KEY: API_KEY,
      EXCHANGE_API_SECRET: SECRET,
    });
    expectFailure(unreachable, 'exchange keys', 'EXCHANGE_API_URL');
    // Paper and the simulator use no keys.
    expect(
      status((await doctor({ BALANCER_DATA_DIR: folder('keys-sim') })).report, 'exchange keys')?.status,
    ).toBe('skip');
  });

  it('in live mode reads the stored keys from the database (no settings keys), and fails without any', async () => {
    const exchange = await startBinanceServer({ apiKey: API_KEY, secret: SECRET });
    const dataDir = folder('stored-keys');
    try {
      const settings = {
        BALANCER_DATA_DIR: dataDir,
        EXCHANGE_MODE: 'live',
        EXCHANGE_STREAMS: 'false',
        EXCHANGE_API_URL: `${exchange.url}/api/v3`,
      };
      expectFailure(await doctor(settings), 'exchange keys', 'exchange-keys set');
      const set = await run(['exchange-keys', 'set', '--data-dir', dataDir], `${API_KEY}\n${SECRET}\n`);
      expect(set.code).toBe(0);
      exchange.state.permissions.withdraw = true;
      const stored = await doctor(settings);
      expect(status(stored.report, 'exchange keys')?.status).toBe('ok');
      expect(status(stored.report, 'key withdrawal')?.status).toBe('warn');
      expect(stored.out).not.toContain(SECRET);
    } finally {
      await exchange.close();
    }
  });

  it('while a live server holds the embedded database, that server asks with its own keys', async () => {
    // Keys of the shape Kraken issues: a base64 public key, a base64 private key of 64 bytes.
    const apiKey = Buffer.alloc(42, 7).toString('base64');
    const secret = Buffer.alloc(64, 9).toString('base64');
    const exchange = await startKrakenServer({ apiKey, secret, balances: { USD: '1000', BTC: '0' } });
    const dataDir = folder('held-keys');
    const port = await freePort();
    const settings = {
      BALANCER_DATA_DIR: dataDir,
      PORT: String(port),
      UPDATE_SOURCE_URL: 'off',
      EXCHANGE: 'kraken',
      QUOTE_ASSET: 'USD',
      EXCHANGE_MODE: 'live',
      EXCHANGE_STREAMS: 'false',
      EXCHANGE_API_URL: exchange.url,
    };
    const loaded = loadConfig({ ...settings, LOG_LEVEL: 'silent' });
    const set = ['exchange-keys', 'set', '--exchange', 'kraken', '--data-dir', dataDir];
    expect((await run(set, `${apiKey}\n${secret}\n`)).code).toBe(0);
    const running = await startPlatform({ loaded, webRoot: null });
    try {
      expect(status((await doctor(settings)).report, 'database')?.detail).toContain(
        'held by the running server',
      );
      const asked = () => exchange.state.requests.filter((r) => r.params.validate === 'true').length;
      const before = asked();
      const held = await doctor(settings);
      expect(status(held.report, 'exchange keys')).toMatchObject({
        status: 'ok',
        detail: expect.stringContaining('can read and trade'),
      });
      // Kraken reports no withdrawal right: a note where to look.
      expect(status(held.report, 'key withdrawal')).toMatchObject({
        status: 'skip',
        detail: expect.stringContaining("Kraken's Settings"),
      });
      // One validate-only AddOrder per doctor run (doctor() runs it twice: --json, then as text).
      expect(asked()).toBe(before + 2);
      exchange.state.permissions.trade = false;
      const refused = await doctor(settings);
      expectFailure(refused, 'exchange keys', 'spot trading permission');
      expect(refused.out).not.toContain(secret);
    } finally {
      await running.stop();
      await exchange.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL: reads the stored keys from DATABASE_URL (a key that can withdraw warns)',
    async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `balancer_doctor_keys_${process.pid}`;
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${name}`;
      const exchange = await startBinanceServer({ apiKey: API_KEY, secret: SECRET });
      try {
        const dataDir = folder('pg-keys');
        const { config } = loadConfig({ BALANCER_DATA_DIR: dataDir, DATABASE_URL: url.toString() });
        const handle = await openDatabase({ databaseUrl: url.toString(), dataDir });
        try {
          await migrateToLatest(handle.db);
          const credentials = new ExchangeCredentials(() => handle.db, config.ENCRYPTION_KEY);
          await credentials.set('binance', { apiKey: API_KEY, secret: SECRET }, Date.now());
        } finally {
          await handle.close();
        }
        const settings = {
          BALANCER_DATA_DIR: dataDir,
          DATABASE_URL: url.toString(),
          EXCHANGE_MODE: 'live',
          EXCHANGE_STREAMS: 'false',
          EXCHANGE_API_URL: `${exchange.url}/api/v3`,
        };
        expect(status((await doctor(settings)).report, 'key withdrawal')?.status).toBe('ok');
        exchange.state.permissions.withdraw = true;
        const withdrawing = await doctor(settings);
        expect(status(withdrawing.report, 'exchange keys')?.status).toBe('ok');
        expect(status(withdrawing.report, 'key withdrawal')?.status).toBe('warn');
      } finally {
        await exchange.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
