import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CaptchaChallenge } from '@balancer/core';
import { REFRESH_COOKIE, type SpawnedServer, solveCaptcha } from '@balancer/server/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { otpClock, rootOtpSecret, signInThroughUi, TEST_PASSWORD } from './sign-in';

/*
 * Browser tests of the app over HTTPS, two ways to make chromium trust a test certificate:
 * - homeTrusting: a root CA added to the NSS database of chromium's HOME, as an operator adds a
 *   private root (certutil, Debian package libnss3-tools). The ACME test trusts Pebble's root
 *   so: Pebble serves leaf + intermediate, and only a trusted root completes that chain.
 * - spkiHash for chromium's --ignore-certificate-errors-spki-list: the public keys (SHA-256 of
 *   their SubjectPublicKeyInfo) to accept among the certificates the server sends; any other key
 *   still fails. Honoured with a user data folder (playwright always gives one). Listing only a
 *   root the server does not send is not enough (the Pebble chain was refused that way).
 */

/** The base64 SHA-256 of a certificate's SubjectPublicKeyInfo: what chromium's SPKI list holds. */
export function spkiHash(pem: string): string {
  const der = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}

/**
 * A HOME whose NSS database (~/.pki/nssdb, where chromium on Linux reads the user's trust)
 * trusts `rootPem` as a CA for websites, as an operator adding a private root would: certutil
 * from Debian's libnss3-tools. Launch chromium with HOME set to it.
 */
export function homeTrusting(rootPem: string, nickname: string): string {
  const home = mkdtempSync(path.join(tmpdir(), 'balancer-nss-'));
  const db = path.join(home, '.pki', 'nssdb');
  mkdirSync(db, { recursive: true });
  const rootFile = path.join(home, 'root.pem');
  writeFileSync(rootFile, rootPem);
  execFileSync('certutil', ['-N', '-d', `sql:${db}`, '--empty-password']);
  execFileSync('certutil', ['-A', '-d', `sql:${db}`, '-t', 'C,,', '-n', nickname, '-i', rootFile]);
  return home;
}

/** Root sets its password from the page (the page's own fetch: the test process does not trust the certificate). */
export async function setRootPassword(page: Page, server: SpawnedServer): Promise<void> {
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
 * Root signs in on a new context over HTTPS by `base` (the certificate's name): the page is a
 * secure context, the captcha widget and the one-time code work, and the refresh cookie is
 * Secure. `errors` collects uncaught page errors.
 */
export async function signInRootOverHttps(
  browser: Browser,
  server: SpawnedServer,
  base: string,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
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
  return { context, page, errors };
}
