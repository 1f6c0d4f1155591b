import { mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CaptchaChallenge } from '@balancer/core';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load.js';
import { REFRESH_COOKIE } from '../features/accounts/refresh-cookie.js';
import { codeAt, otpSecretIn, solveCaptcha } from '../features/accounts/test-support.js';
import { startPlatform } from '../platform/start.js';
import { freePort } from '../testing/spawn-server.js';
import { fingerprintOf, makeLeaf, makeTestCa, writePair } from './test-certificates.js';
import { dataOf, testRequest } from './test-https-client.js';

// The platform serving HTTPS for real: certificate files swapped while it runs, and a self-signed
// certificate kept across restarts. PGlite only: TLS does not touch the database.

const PASSWORD = 'Correct-Horse-9-Battery';
const quiet = { LOG_LEVEL: 'silent', UPDATE_SOURCE_URL: 'off', HOST: '127.0.0.1' };

async function start(dataDir: string, env: Record<string, string>) {
  const loaded = loadConfig({ BALANCER_DATA_DIR: dataDir, PORT: String(await freePort()), ...quiet, ...env });
  return startPlatform({ loaded, webRoot: null });
}

/** Root sets its password and signs in over HTTPS; returns the Set-Cookie lines of the sign-in. */
async function signInRoot(base: string, dataDir: string, ca: string): Promise<string[]> {
  const secret = otpSecretIn(readFileSync(path.join(dataDir, 'root-otp.txt'), 'utf8'));
  const captcha = async () =>
    solveCaptcha(dataOf<CaptchaChallenge>(await testRequest(`${base}/altcha`, { ca })));
  const now = Date.now();
  const update = await testRequest(`${base}/auth/user/password`, {
    method: 'PATCH',
    ca,
    body: {
      nickname: 'root',
      newPassword: PASSWORD,
      otpToken: await codeAt(secret, now),
      altchaPayload: await captcha(),
    },
  });
  dataOf(update);
  // The next step's code: the server spends each step once and accepts the next one early.
  const signIn = await testRequest(`${base}/auth/jwt/sign-in`, {
    method: 'POST',
    ca,
    body: {
      nickname: 'root',
      password: PASSWORD,
      otpToken: await codeAt(secret, now + 30_000),
      altchaPayload: await captcha(),
    },
  });
  dataOf(signIn);
  return ([] as string[]).concat(signIn.headers['set-cookie'] ?? []);
}

describe('the platform over HTTPS', () => {
  const stops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it('serves certificate files with HSTS, a Secure cookie, a redirect on HTTP_PORT, and swaps in renewed files without a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'balancer-https-files-'));
    const ca = await makeTestCa();
    const first = await makeLeaf(ca, { names: ['localhost', '127.0.0.1'] });
    const certFile = path.join(dir, 'fullchain.pem');
    const keyFile = path.join(dir, 'privkey.pem');
    writePair(first, certFile, keyFile);
    const httpPort = await freePort();
    const running = await start(path.join(dir, 'data'), {
      TLS_CERT_FILE: certFile,
      TLS_KEY_FILE: keyFile,
      HTTP_PORT: String(httpPort),
    });
    stops.push(() => running.stop());
    const port = Number(new URL(running.url).port);
    expect(running.url).toBe(`https://localhost:${port}`);
    expect(running.httpPort).toBe(httpPort);
    const base = `https://127.0.0.1:${port}`;

    const ready = await testRequest(`${base}/ready`, { ca: ca.cert });
    expect(dataOf<{ tls: unknown }>(ready).tls).toEqual({
      mode: 'files',
      fingerprint256: fingerprintOf(first.cert),
    });
    expect(ready.fingerprint256).toBe(fingerprintOf(first.cert));
    expect(ready.headers['strict-transport-security']).toBe('max-age=15552000');
    // An untrusted client (no CA given) is refused by its own checks: the chain is the test CA's.
    await expect(testRequest(`${base}/ready`)).rejects.toThrow(/self[- ]signed|unable to verify|issuer/i);

    const redirected = await testRequest(`http://127.0.0.1:${httpPort}/positions?range=7d`);
    expect([redirected.status, redirected.headers.location]).toEqual([
      301,
      `https://127.0.0.1:${port}/positions?range=7d`,
    ]);
    // A Host the certificate does not name is sent to a name it does, never to itself.
    const foreign = await testRequest(`http://127.0.0.1:${httpPort}/positions`, {
      headers: { host: 'evil.example' },
    });
    expect(foreign.headers.location).toBe(`https://localhost:${port}/positions`);

    const cookies = await signInRoot(base, path.join(dir, 'data'), ca.cert);
    expect(cookies.find((line) => line.startsWith(`${REFRESH_COOKIE}=`))).toMatch(/; Secure/);

    // A connection opened before the swap keeps its certificate; new ones get the renewed one.
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    const before = await testRequest(`${base}/ping`, { ca: ca.cert, agent: keepAlive });
    expect(before.fingerprint256).toBe(fingerprintOf(first.cert));
    const renewed = await makeLeaf(ca, { names: ['localhost', '127.0.0.1'] });
    writeFileSync(`${keyFile}.new`, renewed.key, { mode: 0o600 });
    writeFileSync(`${certFile}.new`, renewed.cert);
    renameSync(`${keyFile}.new`, keyFile);
    renameSync(`${certFile}.new`, certFile);
    await expect
      .poll(async () => (await testRequest(`${base}/ping`, { ca: ca.cert })).fingerprint256, {
        timeout: 30_000,
      })
      .toBe(fingerprintOf(renewed.cert));
    const same = await testRequest(`${base}/ping`, { ca: ca.cert, agent: keepAlive });
    expect([same.status, same.fingerprint256]).toEqual([200, fingerprintOf(first.cert)]);
    keepAlive.destroy();
    const after = dataOf<{ tls: { fingerprint256: string } }>(
      await testRequest(`${base}/ready`, { ca: ca.cert }),
    );
    expect(after.tls.fingerprint256).toBe(fingerprintOf(renewed.cert));

    // A renewer's half-written pair (a new certificate beside the old key) is refused: the
    // operator is notified and the renewed certificate stays served.
    const other = await makeLeaf(ca, { names: ['localhost', '127.0.0.1'] });
    writeFileSync(`${certFile}.new`, other.cert);
    renameSync(`${certFile}.new`, certFile);
    const notices = () => running.services.notifications.list({ limit: 5 });
    await expect
      .poll(async () => (await notices()).map((notice) => notice.title), { timeout: 30_000 })
      .toContain('TLS certificate change refused');
    expect((await testRequest(`${base}/ping`, { ca: ca.cert })).fingerprint256).toBe(
      fingerprintOf(renewed.cert),
    );
  }, 120_000);

  it('makes a self-signed certificate once, serves it and keeps it across restarts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-https-self-'));
    const first = await start(dataDir, { TLS: 'self-signed' });
    const certFile = path.join(dataDir, 'tls', 'self-signed.crt');
    const cert = readFileSync(certFile, 'utf8');
    const base = first.url.replace('localhost', '127.0.0.1');
    expect(base).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    // The certificate is its own trust anchor: trusting exactly it (as a phone does once the
    // operator compared the fingerprint) lets the client in by the name localhost and 127.0.0.1.
    const ready = await testRequest(`${base}/ready`, { ca: cert });
    expect(dataOf<{ tls: unknown }>(ready).tls).toEqual({
      mode: 'self-signed',
      fingerprint256: fingerprintOf(cert),
    });
    expect(first.tls?.describe().names).toEqual(expect.arrayContaining(['localhost', '127.0.0.1', '::1']));
    await first.stop();

    const second = await start(dataDir, { TLS: 'self-signed' });
    stops.push(() => second.stop());
    expect(readFileSync(certFile, 'utf8')).toBe(cert);
    expect(second.tls?.describe().fingerprint256).toBe(fingerprintOf(cert));
  }, 120_000);
});
