import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemTime } from '../../shared/clock.js';
import { capturingLogger } from '../../testing/capturing-logger.js';
import { type Pebble, startPebble } from '../../testing/pebble.js';
import { buildReadyApp, type ReadyApp } from '../../testing/ready-app.js';
import { freePort } from '../../testing/spawn-server.js';
import { databaseKinds, type TestDatabase } from '../../testing/test-databases.js';
import { ACME_SENDER, AcmeCertificateSource, type AcmeSourceOptions } from './acme-source.js';
import { AcmeStore } from './acme-store.js';
import { trustAcmeCa } from './ca-trust.js';
import { startChallengeListener } from './test-support.js';

const DOMAIN = 'bot.balancer.test';
// Pebble's certificates live an hour: renewal is due with a third left, 40 min after issue. The
// source's clock runs AHEAD_MS ahead when a test wants renewal due (55 min: due, 5 min still
// valid), instead of the test waiting for a certificate to age; it goes back to the real time once
// the source has a new certificate, which is then not due again.
const VALIDITY_S = 3_600;
const AHEAD_MS = 55 * 60_000;

describe('the ACME certificate source against Pebble', () => {
  let pebble: Pebble;
  let challenge: Awaited<ReturnType<typeof startChallengeListener>>;
  let target: TestDatabase;
  let ready: ReadyApp;
  let folder: string;
  const { logger, lines } = capturingLogger();
  const running: AcmeCertificateSource[] = [];
  let aheadMs = 0;
  const testNow = () => systemTime() + aheadMs;

  const source = (options: Partial<AcmeSourceOptions> = {}) => {
    const made = new AcmeCertificateSource({
      domain: DOMAIN,
      directoryUrl: pebble.directoryUrl,
      store: new AcmeStore(folder),
      logger,
      notifications: ready.services.notifications,
      now: testNow,
      checkIntervalMs: 250,
      retry: { firstMs: 500, maxMs: 2000 },
      ...options,
    });
    challenge.use(made.respond);
    running.push(made);
    return made;
  };
  const serial = (pem: string) => new X509Certificate(pem).serialNumber;
  const notices = async () =>
    (await ready.services.notifications.list({ limit: 50 })).filter((n) => n.sender === ACME_SENDER);

  beforeAll(async () => {
    const httpPort = await freePort();
    challenge = await startChallengeListener(httpPort);
    pebble = await startPebble({ httpPort, validitySeconds: VALIDITY_S });
    trustAcmeCa(pebble.apiCaFile);
    const [pglite] = databaseKinds(); // PGlite: the source only stores notifications.
    if (!pglite) throw new Error('no PGlite');
    target = await pglite.create();
    ready = await buildReadyApp(target, { engine: false });
    folder = mkdtempSync(path.join(tmpdir(), 'balancer-acme-'));
  }, 120_000);

  afterAll(async () => {
    for (const made of running) await made.stop();
    await ready?.close();
    await target?.dispose();
    await pebble?.stop();
    await challenge?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('obtains a certificate for PUBLIC_DOMAIN and stores it, keys mode 0600', async () => {
    const acme = source();
    await acme.start();
    expect(acme.describe()).toMatchObject({ names: [DOMAIN], issuer: expect.stringContaining('Pebble') });
    expect(challenge.served).toBeGreaterThan(0);
    const store = new AcmeStore(folder);
    for (const file of [store.accountKeyFile, store.keyFile]) expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect((await store.loadPair())?.cert).toBe(acme.current().cert);
    await acme.stop();
    // Nothing secret in the log: no PEM key.
    expect(lines.join('\n')).not.toContain('PRIVATE KEY');
  }, 120_000);

  it('reuses the stored certificate on a restart', async () => {
    const before = (await new AcmeStore(folder).loadPair())?.cert as string;
    const served = challenge.served;
    const acme = source();
    await acme.start();
    expect(serial(acme.current().cert)).toBe(serial(before));
    expect(challenge.served).toBe(served);
    await acme.stop();
  }, 120_000);

  it('renews a certificate due for renewal in the background and reports the new pair', async () => {
    const acme = source();
    await acme.start();
    const first = acme.current();
    const changed = vi.fn((_pair: { cert: string; key: string }) => {
      aheadMs = 0;
    });
    acme.onChange(changed);
    aheadMs = AHEAD_MS;
    await vi.waitFor(() => expect(changed).toHaveBeenCalled(), { timeout: 90_000, interval: 250 });
    const renewed = changed.mock.calls[0]?.[0];
    if (!renewed) throw new Error('no renewed pair');
    expect(serial(renewed.cert)).not.toBe(serial(first.cert));
    expect(acme.current()).toEqual(renewed);
    expect((await new AcmeStore(folder).loadPair())?.cert).toBe(renewed.cert);
    await acme.stop();
  }, 120_000);

  it('keeps the old certificate when renewal fails, retries with backoff, notifies once, and notifies the recovery', async () => {
    // The stored certificate due for renewal (the clock ahead), and validation failing.
    challenge.answering = false;
    const acme = source();
    acme.onChange(() => {
      aheadMs = 0;
    });
    aheadMs = AHEAD_MS;
    await acme.start();
    const kept = acme.current();
    const failed = () => lines.filter((line) => line.includes('ACME certificate renewal failed')).length;
    await vi.waitFor(() => expect(failed()).toBeGreaterThanOrEqual(2), { timeout: 90_000, interval: 250 });
    expect(acme.current()).toEqual(kept);
    const failures = (await notices()).filter((n) => n.title === 'HTTPS certificate renewal failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]?.description).toContain('{(8850)}');
    challenge.answering = true;
    await vi.waitFor(
      async () => expect((await notices()).map((n) => n.title)).toContain('HTTPS certificate renewed'),
      { timeout: 90_000, interval: 250 },
    );
    expect(serial(acme.current().cert)).not.toBe(serial(kept.cert));
    await acme.stop();
  }, 180_000);

  it('starts without a certificate when the first order fails: a stand-in is served until a retry succeeds', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'balancer-acme-'));
    try {
      challenge.answering = false;
      const acme = source({ store: new AcmeStore(empty) });
      await acme.start();
      expect(acme.servingStandIn).toBe(true);
      expect(acme.describe()).toMatchObject({
        names: [DOMAIN],
        issuer: expect.not.stringContaining('Pebble'),
      });
      expect(lines.join('\n')).toContain('a stand-in self-signed certificate is served');
      const changed = vi.fn();
      acme.onChange(changed);
      challenge.answering = true;
      await vi.waitFor(() => expect(changed).toHaveBeenCalled(), { timeout: 90_000, interval: 250 });
      expect(acme.servingStandIn).toBe(false);
      expect(acme.describe().issuer).toContain('Pebble');
      await acme.stop();
    } finally {
      challenge.answering = true;
      rmSync(empty, { recursive: true, force: true });
    }
  }, 120_000);

  it('a CA that cannot be reached: a coded error in the log, the stand-in served', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'balancer-acme-'));
    try {
      const acme = source({ store: new AcmeStore(empty), directoryUrl: `${pebble.directoryUrl}-missing` });
      await acme.start();
      expect(acme.servingStandIn).toBe(true);
      expect(lines.some((line) => line.includes('could not be ordered') && line.includes('8850'))).toBe(true);
      await acme.stop();
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 120_000);
});
