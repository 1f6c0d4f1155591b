import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCaptured as run } from './run-captured.js';

// The cli against a real data folder (PGlite) — the operator's way back to root's secret.

const secretIn = (text: string) => /otpauth:\/\/totp\/Balancer:root\?secret=([A-Z2-7]+)/.exec(text)?.[1];

describe('npm run cli -- root-otp', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('shows the same secret each time, with a QR code, until --rotate replaces it', async () => {
    const first = await run(['root-otp', '--data-dir', dataDir]);
    expect(first.code).toBe(0);
    const secret = secretIn(first.out);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.out).toMatch(/[▀▄█]{7}/);
    expect(first.out).toContain('/auth/update-password');

    const again = await run(['root-otp', '--data-dir', dataDir]);
    expect(secretIn(again.out)).toBe(secret);

    const rotated = await run(['root-otp', '--rotate', '--data-dir', dataDir]);
    expect(rotated.out).toContain('was replaced');
    const next = secretIn(rotated.out);
    expect(next).toMatch(/^[A-Z2-7]{32}$/);
    expect(next).not.toBe(secret);
    expect(secretIn((await run(['root-otp', '--data-dir', dataDir])).out)).toBe(next);
  });

  it('refuses a data folder that does not exist, unknown flags and unknown commands', async () => {
    const missing = await run(['root-otp', '--data-dir', path.join(dataDir, 'typo')]);
    expect(missing).toMatchObject({ code: 1, out: '' });
    expect(missing.err).toContain('there is no data folder');
    expect((await run(['root-otp', '--rotat'])).code).toBe(2);
    expect((await run(['make-coffee'])).code).toBe(2);
    expect((await run(['help'])).code).toBe(0);
  });
});
