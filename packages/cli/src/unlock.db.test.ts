import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AccountsService, loadConfig, startPlatform } from '@balancer/server';
import { freePort } from '@balancer/server/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { runCaptured as run } from './run-captured.js';

// `npm run cli -- unlock NICKNAME`: the operator's way to lift an account's guessing throttles
// (root's included), through the running server's control socket on the embedded database, or
// directly when stopped.

/** Five wrong one-time codes: a throttle starts on the account. */
async function lock(accounts: AccountsService, nickname: string): Promise<void> {
  const user = (await accounts.listUsers()).find((candidate) => candidate.nickname === nickname);
  if (!user) throw new Error(`no user ${nickname}`);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await accounts.verifyOtp(user, '000000').catch(() => {});
  }
  const locked = (await accounts.listUsers()).find((candidate) => candidate.nickname === nickname);
  expect(locked?.guard.throttles.some((throttle) => throttle.throttledUntil !== null)).toBe(true);
}

describe('npm run cli -- unlock [pglite]', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-cli-unlock-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lifts a lock through the running server, and directly once it is stopped', async () => {
    const loaded = loadConfig({
      BALANCER_DATA_DIR: dataDir,
      PORT: String(await freePort()),
      LOG_LEVEL: 'silent',
      UPDATE_SOURCE_URL: 'off',
    });
    const running = await startPlatform({ loaded, webRoot: null });
    const { accounts } = running.services;
    try {
      await lock(accounts, 'root');
      const lifted = await run(['unlock', 'root', '--data-dir', dataDir]);
      expect(lifted).toMatchObject({ code: 0, err: '' });
      expect(lifted.out).toContain('root is unlocked');
      expect((await accounts.listUsers()).find((user) => user.nickname === 'root')?.guard.throttles).toEqual(
        [],
      );
      expect((await run(['unlock', 'root', '--data-dir', dataDir])).out).toContain('root was not locked');
      const unknown = await run(['unlock', 'nobody', '--data-dir', dataDir]);
      expect(unknown.code).toBe(1);
      expect(unknown.err).toContain('(4751)');
      await lock(accounts, 'root');
    } finally {
      await running.stop();
    }
    const stopped = await run(['unlock', 'ROOT', '--data-dir', dataDir]);
    expect(stopped.out).toContain('ROOT is unlocked');
  });

  it('wants exactly one nickname', async () => {
    expect((await run(['unlock', '--data-dir', dataDir])).code).toBe(1);
    expect((await run(['unlock', 'a', 'b', '--data-dir', dataDir])).code).toBe(1);
  });
});
