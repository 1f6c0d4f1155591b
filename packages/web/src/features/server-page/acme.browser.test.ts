import { readFileSync } from 'node:fs';
import path from 'node:path';
import { connect } from 'node:tls';
import {
  acmeSettings,
  fingerprintOf,
  freePort,
  type Pebble,
  type SpawnedServer,
  spawnServer,
  startPebble,
} from '@balancer/server/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserServerEnv, launchBrowser, tempDataDir } from '../../testing/browser';
import { homeTrusting, signInRootOverHttps } from '../../testing/https';

/*
 * PUBLIC_DOMAIN end to end: Pebble (Let's Encrypt's test CA) issues bot.balancer.test's
 * certificate to the built server over HTTP-01 on HTTP_PORT, and chromium, trusting Pebble's
 * root through the NSS database of its HOME (testing/https.ts: Debian's chromium honours a
 * user-added root there), signs in over HTTPS by that name. Pebble's certificates live 90 s, so
 * the server renews one every 60 s (a third of the lifetime left) while the browser stays signed in.
 */

const DOMAIN = 'bot.balancer.test';
const VALIDITY_S = 90;

/** The certificate the server hands a new TLS connection for DOMAIN (trusting Pebble's root). */
function servedFingerprint(port: number, root: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, servername: DOMAIN, ca: root }, () => {
      resolve(socket.getPeerX509Certificate()?.fingerprint256 ?? '');
      socket.end();
    });
    socket.on('error', reject);
  });
}

const renewals = (server: SpawnedServer) => server.stdout().split('TLS certificate changed').length - 1;

describe('PUBLIC_DOMAIN with Pebble in chromium', () => {
  let pebble: Pebble;
  let server: SpawnedServer;
  let browser: Browser;
  let root: string;
  let base: string;
  const dataDir = tempDataDir();
  const certFile = path.join(dataDir, 'tls', 'acme', 'certificate.crt');

  beforeAll(async () => {
    const httpPort = await freePort();
    pebble = await startPebble({ httpPort, validitySeconds: VALIDITY_S });
    const port = await freePort();
    server = await spawnServer(
      browserServerEnv(acmeSettings(pebble, { domain: DOMAIN, dataDir, port, httpPort })),
      120_000,
    );
    root = await pebble.issuingRoot();
    browser = await launchBrowser([`--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`], {
      HOME: homeTrusting(root, 'pebble'),
    });
    base = `https://${DOMAIN}:${port}`;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pebble?.stop();
  });

  it('obtains the certificate at start, signs in over HTTPS, and stays signed in across a renewal', async () => {
    const first = readFileSync(certFile, 'utf8');
    expect(server.url).toBe(base);
    expect(await servedFingerprint(Number(new URL(base).port), root)).toBe(fingerprintOf(first));

    const { context, page, errors } = await signInRootOverHttps(browser, server, base);

    // A renewal while signed in: new connections get the new certificate, the session goes on.
    const before = renewals(server);
    await expect.poll(() => renewals(server), { timeout: 150_000, interval: 500 }).toBeGreaterThan(before);
    const renewed = readFileSync(certFile, 'utf8');
    expect(fingerprintOf(renewed)).not.toBe(fingerprintOf(first));
    expect(await servedFingerprint(Number(new URL(base).port), root)).toBe(fingerprintOf(renewed));
    await page.goto(`${base}/app/server`);
    await expect
      .poll(() => page.getByTestId('tls-fingerprint').textContent(), { timeout: 15_000 })
      .toBe(fingerprintOf(renewed));
    expect(new URL(page.url()).pathname).toBe('/app/server');
    expect(errors).toEqual([]);
    await context.close();

    // The trust is what lets chromium in: with the default HOME, the same page is refused.
    const untrusting = await launchBrowser([`--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`]);
    try {
      await expect((await untrusting.newPage()).goto(`${base}/`)).rejects.toThrow(
        /ERR_CERT_AUTHORITY_INVALID/,
      );
    } finally {
      await untrusting.close();
    }
  }, 300_000);
});
