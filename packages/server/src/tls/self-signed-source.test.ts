import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MachineNames } from './machine-names.js';
import {
  reasonToRemake,
  SELF_SIGNED_VALIDITY_DAYS,
  SelfSignedCertificateSource,
} from './self-signed-source.js';
import { fingerprintOf } from './test-certificates.js';

const DAY_MS = 86_400_000;
const names: MachineNames = {
  dns: ['localhost', 'pi', 'pi.local'],
  ipv4: ['127.0.0.1', '192.168.1.20'],
  ipv6: ['::1', 'fd00::20'],
};

function sourceIn(folder: string, machine: MachineNames, now: number, log: string[] = []) {
  return new SelfSignedCertificateSource({
    folder,
    names: machine,
    now: () => now,
    onPrepared: (how, reason) => log.push(`${how}: ${reason}`),
  });
}

describe('the self-signed source', () => {
  it("makes a certificate for the machine's names and addresses, key 0600, valid 397 days", async () => {
    const folder = path.join(mkdtempSync(path.join(tmpdir(), 'balancer-tls-self-')), 'tls');
    const now = Date.now();
    const source = sourceIn(folder, names, now);
    await source.start();
    const facts = source.describe();
    expect(facts.names).toEqual([
      'localhost',
      'pi',
      'pi.local',
      '127.0.0.1',
      '192.168.1.20',
      '::1',
      'fd00::20',
    ]);
    expect(facts.fingerprint256).toBe(fingerprintOf(readFileSync(source.certFile, 'utf8')));
    expect(facts.issuer).toBe('CN=pi');
    // Valid to now + 397 days (to the second: X.509 times carry no milliseconds).
    expect(Math.abs(facts.notAfter - (now + SELF_SIGNED_VALIDITY_DAYS * DAY_MS))).toBeLessThan(1000);
    expect(statSync(source.keyFile).mode & 0o777).toBe(0o600);
    expect(source.current().key).toBe(readFileSync(source.keyFile, 'utf8'));
  });

  it('reuses the stored certificate on later starts, and makes a new one for a new name or near expiry', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'balancer-tls-self-'));
    const now = Date.now();
    const log: string[] = [];
    const made = sourceIn(folder, names, now, log);
    await made.start();
    const reused = sourceIn(folder, names, now + DAY_MS, log);
    await reused.start();
    expect(reused.describe().fingerprint256).toBe(made.describe().fingerprint256);

    // A new IPv6 address (privacy addresses change daily) alone keeps the certificate.
    const newIpv6 = sourceIn(folder, { ...names, ipv6: [...names.ipv6, 'fd00::99'] }, now, log);
    await newIpv6.start();
    expect(newIpv6.describe().fingerprint256).toBe(made.describe().fingerprint256);

    const moved = sourceIn(folder, { ...names, ipv4: ['127.0.0.1', '10.0.0.5'] }, now, log);
    await moved.start();
    expect(moved.describe().fingerprint256).not.toBe(made.describe().fingerprint256);
    expect(moved.describe().names).toContain('10.0.0.5');

    // 368 days on, 29 days are left (397 − 368): made again.
    const late = sourceIn(folder, { ...names, ipv4: ['127.0.0.1', '10.0.0.5'] }, now + 368 * DAY_MS, log);
    await late.start();
    expect(late.describe().fingerprint256).not.toBe(moved.describe().fingerprint256);
    expect(log).toEqual([
      'made: no certificate stored yet',
      'reused: it still names this machine',
      'reused: it still names this machine',
      'made: it does not name 10.0.0.5',
      'made: it expires within 30 days',
    ]);
  });

  it('gives the reason to make a certificate again', () => {
    expect(reasonToRemake(null, names, Date.now())).toBe('no certificate stored yet');
    expect(reasonToRemake({ cert: 'garbage', key: 'garbage' }, names, Date.now())).toMatch(
      /no valid PEM certificate/,
    );
  });
});
