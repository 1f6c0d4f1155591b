import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import {
  fingerprintOf,
  freePort,
  makeLeaf,
  makeTestCa,
  type SpawnedServer,
  spawnServer,
  writePair,
} from '@balancer/server/testing';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { browserServerEnv, launchBrowser, screenshotPath, tempDataDir } from '../../testing/browser';
import { signInRootOverHttps, spkiHash } from '../../testing/https';

/*
 * The app over HTTPS in chromium, with the certificate TRUSTED (no blanket "ignore errors"):
 * the self-signed certificate's own key, or the test CA's for the certificate-files mode, is
 * listed for chromium (testing/https.ts). Names resolve with --host-resolver-rules, so the page is
 * reached by a name the certificate carries, not by localhost (which browsers treat as secure anyway).
 */

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
  const { context, page, errors } = await signInRootOverHttps(browser, server, base);
  // A worker controls the pages loaded after it is active (registerType 'prompt': no claim of the
  // page that registered it); on a loaded machine its install (precaching the shell) can outlast
  // the sign-in, and a reload before it ends stays uncontrolled.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/app');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);

  // Through the app's own navigation (a second full load would only repeat the reload above).
  await page.getByRole('link', { name: 'Server', exact: true }).first().click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/app/server');
  // Generous: on a loaded machine the Server screen's first queries can take a while.
  const shown = page.getByTestId('tls-fingerprint');
  await shown.waitFor({ timeout: 90_000 }).catch(async (error: Error) => {
    await page.screenshot({ path: screenshotPath(`https-server-${Date.now()}`), fullPage: true });
    throw new Error(`${error.message}\nthe page says:\n${await page.locator('body').innerText()}`);
  });
  expect(await shown.textContent()).toBe(fingerprintOf(certPem));
  // The Instances card: the only instance, named `<hostname>:<port>` by default, trades.
  const instance = `${hostname()}:${new URL(server.url).port}`;
  await page.getByText(`${instance} (this one)`).waitFor({ timeout: 30_000 });
  const leader = page.locator('dt', { hasText: 'Trading engine on' }).locator('xpath=following-sibling::dd');
  await expect.poll(() => leader.textContent(), { timeout: 30_000 }).toBe(instance);
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
