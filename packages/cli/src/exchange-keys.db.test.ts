import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ExchangeCredentials, loadConfig, openDatabase } from '@balancer/server';
import { afterAll, describe, expect, it } from 'vitest';
import { runCaptured as run } from './run-captured.js';

// The operator's way to give the platform exchange keys, on a real data folder (PGlite).

const API_KEY = 'vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A';
const SECRET = 'NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j';

describe('npm run cli -- exchange-keys', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-cli-keys-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stores the keys sealed (never in clear, never printed), shows a hint, and clears them', async () => {
    const set = await run(['exchange-keys', 'set', '--data-dir', dataDir], `${API_KEY}\n${SECRET}\n`);
    expect(set.code).toBe(0);
    expect(set.out).toContain('…h8A'.slice(1)); // the key's last 4 characters are "Eh8A"
    expect(set.out + set.err).not.toContain(API_KEY);
    expect(set.out + set.err).not.toContain(SECRET);

    const status = await run(['exchange-keys', 'status', '--data-dir', dataDir]);
    expect(status.out).toMatch(/^binance: key …Eh8A, set \d{4}-/);

    const { config } = loadConfig({ BALANCER_DATA_DIR: dataDir });
    const handle = await openDatabase({ dataDir: config.BALANCER_DATA_DIR });
    try {
      const row = await handle.db.selectFrom('exchange_credential').selectAll().executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(API_KEY.slice(0, 12));
      expect(JSON.stringify(row)).not.toContain(SECRET.slice(0, 12));
      const keys = await new ExchangeCredentials(() => handle.db, config.ENCRYPTION_KEY).get('binance');
      expect(keys).toEqual({ apiKey: API_KEY, secret: SECRET });
    } finally {
      await handle.close();
    }

    expect((await run(['exchange-keys', 'clear', '--data-dir', dataDir])).out).toContain('Removed');
    expect((await run(['exchange-keys', 'status', '--data-dir', dataDir])).out).toContain(
      'No exchange API keys',
    );
  });

  it('stores OKX keys with their passphrase, all three sealed, and refuses OKX keys without one', async () => {
    const okxKey = '0f5d2c1e-1b2c-4d5e-8f90-1234567890ab';
    const okxSecret = '0123456789ABCDEF0123456789ABCDEF';
    const passphrase = 'My-0kx-Passphrase';
    const args = ['exchange-keys', 'set', '--exchange', 'okx', '--data-dir', dataDir];
    const twoParts = await run(args, `${okxKey}\n${okxSecret}\n`);
    expect(twoParts.code).toBe(1);
    expect(twoParts.err).toContain('(5602)');
    const set = await run(args, `${okxKey}\n${okxSecret}\n${passphrase}\n`);
    expect(set.code).toBe(0);
    expect(set.out + set.err).not.toContain(passphrase);
    const { config } = loadConfig({ BALANCER_DATA_DIR: dataDir });
    const handle = await openDatabase({ dataDir: config.BALANCER_DATA_DIR });
    try {
      const row = await handle.db
        .selectFrom('exchange_credential')
        .selectAll()
        .where('exchange', '=', 'okx')
        .executeTakeFirstOrThrow();
      expect(row.passphrase_sealed).not.toBeNull();
      expect(JSON.stringify(row)).not.toContain(passphrase);
      const keys = await new ExchangeCredentials(() => handle.db, config.ENCRYPTION_KEY).get('okx');
      expect(keys).toEqual({ apiKey: okxKey, secret: okxSecret, passphrase });
    } finally {
      await handle.close();
    }
    expect((await run(['exchange-keys', 'clear', '--exchange', 'okx', '--data-dir', dataDir])).code).toBe(0);
  });

  it('refuses bad input without storing anything', async () => {
    const oneLine = await run(['exchange-keys', 'set', '--data-dir', dataDir], `${API_KEY}\n`);
    expect(oneLine.code).toBe(1);
    expect(oneLine.err).toContain('one per line');
    const short = await run(['exchange-keys', 'set', '--data-dir', dataDir], 'abc\ndef\n');
    expect(short.code).toBe(1);
    expect(short.err).toContain('(8501)');
    // Binance-shaped keys for Kraken (whose private key is base64 of 64 bytes): the shape is refused.
    const kraken = await run(
      ['exchange-keys', 'set', '--exchange', 'kraken', '--data-dir', dataDir],
      `${API_KEY}\n${SECRET}\n`,
    );
    expect(kraken.code).toBe(1);
    expect(kraken.err).toContain('(5602)');
    expect(kraken.err).not.toContain(SECRET);
    const unknown = await run(['exchange-keys', 'rotate', '--data-dir', dataDir]);
    expect(unknown.code).toBe(1);
    expect((await run(['exchange-keys', 'status', '--data-dir', dataDir])).out).toContain(
      'No exchange API keys',
    );
  });
});
