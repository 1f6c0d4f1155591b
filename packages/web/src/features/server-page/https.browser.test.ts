import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import type { CaptchaChallenge } from '@balancer/core';
import {
  fingerprintOf,
  freePort,
  makeLeaf,
  makeTestCa,
  REFRESH_COOKIE,
  type SpawnedServer,
  solveCaptcha,
  spawnServer,
  writePair,
} from '@balancer/server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { browserServerEnv, launchBrowser, tempDataDir } from '../../testing/browser';
import { otpClock, rootOtpSecret, signInThroughUi, TEST_PASSWORD } from '../../testing/sign-in';

/*
 * The app over HTTPS in chromium, with the certificate TRUSTED (no blanket "ignore errors"):
 * chromium's --ignore-certificate-errors-spki-list names the one public key (SHA-256 of its
 * SubjectPublicKeyInfo) to accept — the self-signed certificate's own, or the test CA's for the
 * certificate-files mode. It is chromium's own switch for this, honoured with a user data folder
 * (playwright always gives one), and needs no NSS tools (certutil is not installed here); any
 * other key still fails. Names resolve with --host-resolver-rules, so the page is reached by a
 * name the certificate carries, not by localhost (which browsers treat as secure anyway).
 */

/** The base64 SHA-256 of a certificate's SubjectPublicKeyInfo: what chromium's SPKI list holds. */
function spkiHash(pem: string): string {
  const der = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * The built server with `env`, and a chromium trusting the key of `trusted()` (read once the
 * server is up: the self-signed certificate is made at its start) that reaches it by `name`.
 */
async function rig(env: Record<string, string>, trusted: () => string, name: string) {
  const server = await spawnServer(browserServerEnv({ PORT: String(await freePort()), ...env }), 60_000);
  cleanups.push(() => server.stop());
  const browser = await launchBrowser([
    `--ignore-certificate-errors-spki-list=${spkiHash(trusted())}`,
    `--host-resolver-rules=MAP ${name} 127.0.0.1`,
  ]);
  cleanups.push(() => browser.close());
  const base = `https://${name}:${new URL(server.url).port}`;
  return { server, browser, base };
}

/** Root sets its password from the page (the page's own fetch: the test process does not trust the certificate). */
async function setRootPassword(page: Page, server: SpawnedServer): Promise<void> {
  const clock = otpClock(server, rootOtpSecret(server));
  const challenge = await page.evaluate(async () => (await (await fetch('/altcha')).json()).data);
  const body = {
    nickname: 'root',
    newPassword: TEST_PASSWORD,
    otpToken: await clock.nextCode(),
    altchaPayload: solveCaptcha(challenge as CaptchaChallenge),
  };
  const answer = await page.evaluate(
    async (json) =>
      (
        await fetch('/auth/user/password', {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: json,
        })
      ).json(),
    JSON.stringify(body),
  );
  expect(answer).toMatchObject({ success: true });
}

/**
 * Over HTTPS by `base`: a secure context, root signs in through the UI (captcha widget + OTP), the
 * refresh cookie is Secure and survives a reload, the service worker controls the page, and the
 * Server screen shows the fingerprint of `certPem`.
 */
async function checkSignedInOverHttps(
  browser: Browser,
  server: SpawnedServer,
  base: string,
  certPem: string,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${base}/auth/sign-in`);
  expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
  await setRootPassword(page, server);
  // signInThroughUi goes to server.url: the same server by the certificate's name.
  await signInThroughUi(page, { ...server, url: base }, 'root', otpClock(server, rootOtpSecret(server)));

  const cookie = (await context.cookies(base)).find((c) => c.name === REFRESH_COOKIE);
  expect(cookie).toMatchObject({ secure: true, httpOnly: true });
  await page.reload();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/app');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);

  await page.goto(`${base}/app/server`);
  await expect
    .poll(() => page.getByTestId('tls-fingerprint').textContent(), { timeout: 15_000 })
    .toBe(fingerprintOf(certPem));
  expect(errors).toEqual([]);
  await context.close();
}

describe('the app over HTTPS in chromium', () => {
  it("self-signed: reached by the machine's .local name, trusted by the certificate's own key", async () => {
    const dataDir = tempDataDir();
    const certFile = path.join(dataDir, 'tls', 'self-signed.crt');
    const { server, browser, base } = await rig(
      { BALANCER_DATA_DIR: dataDir, TLS: 'self-signed' },
      () => readFileSync(certFile, 'utf8'),
      `${hostname().toLowerCase()}.local`,
    );
    const cert = readFileSync(certFile, 'utf8');
    expect(server.stdout()).toContain(fingerprintOf(cert));
    await checkSignedInOverHttps(browser, server, base, cert);
  }, 180_000);

  it('certificate files: bot.balancer.test with a chain from a test CA chromium trusts', async () => {
    const dataDir = tempDataDir();
    const ca = await makeTestCa();
    const leaf = await makeLeaf(ca, { names: ['bot.balancer.test'] });
    const certFile = path.join(dataDir, 'fullchain.pem');
    const keyFile = path.join(dataDir, 'privkey.pem');
    // A full chain, leaf first, as certbot's fullchain.pem.
    writePair({ cert: `${leaf.cert}\n${ca.cert}\n`, key: leaf.key }, certFile, keyFile);
    const { server, browser, base } = await rig(
      { BALANCER_DATA_DIR: path.join(dataDir, 'data'), TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile },
      () => ca.cert,
      'bot.balancer.test',
    );
    await checkSignedInOverHttps(browser, server, base, leaf.cert);

    // The trust is what lets chromium in: without the CA's key listed, the same page is refused.
    const untrusting = await launchBrowser(['--host-resolver-rules=MAP bot.balancer.test 127.0.0.1']);
    cleanups.push(() => untrusting.close());
    const page = await untrusting.newPage();
    await expect(page.goto(`${base}/`)).rejects.toThrow(/ERR_CERT_AUTHORITY_INVALID/);
  }, 180_000);
});
