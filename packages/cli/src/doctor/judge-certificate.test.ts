import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXPIRY_WARNING_MS, judgeCertificate } from './judge-certificate.js';
import { makeTestPair } from './test-certificates.js';

const folder = mkdtempSync(path.join(tmpdir(), 'balancer-doctor-cert-'));
const makePair = (name: string, names: string) => makeTestPair(folder, name, names);

describe('judgeCertificate', () => {
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const bot = makePair('bot', 'DNS:bot.example.com,DNS:*.lan.example.com,IP:10.0.0.2');
  const other = makePair('other', 'DNS:other.example.com');
  const facts = {
    certFile: 'c.pem',
    keyFile: 'k.pem',
    certPem: bot.cert,
    keyPem: bot.key,
    now: Date.now(),
    renewal: 'renew it',
  };
  const byCheck = (results: ReturnType<typeof judgeCertificate>) =>
    Object.fromEntries(results.map((r) => [r.check, r.status]));

  it('is happy with a matching, valid pair that names the domain (wildcards one level deep)', () => {
    expect(byCheck(judgeCertificate({ ...facts, domain: 'bot.example.com' }))).toEqual({
      'tls key': 'ok',
      'tls expiry': 'ok',
      'tls names': 'ok',
    });
    expect(byCheck(judgeCertificate({ ...facts, domain: 'pi.lan.example.com' }))['tls names']).toBe('ok');
    expect(byCheck(judgeCertificate({ ...facts, domain: 'a.pi.lan.example.com' }))['tls names']).toBe('fail');
  });

  it('fails a key from another pair, a missing name, and garbage', () => {
    const results = judgeCertificate({ ...facts, keyPem: other.key, domain: 'www.example.com' });
    expect(byCheck(results)).toMatchObject({ 'tls key': 'fail', 'tls names': 'fail' });
    expect(judgeCertificate({ ...facts, certPem: 'nonsense' })[0]?.status).toBe('fail');
    expect(byCheck(judgeCertificate({ ...facts, keyPem: 'nonsense' }))['tls key']).toBe('fail');
  });

  it('warns within 14 days of expiry and fails after it', () => {
    const until = Date.now() + 90 * 86_400_000;
    expect(
      byCheck(judgeCertificate({ ...facts, now: until - EXPIRY_WARNING_MS - 86_400_000 }))['tls expiry'],
    ).toBe('ok');
    const soon = judgeCertificate({ ...facts, now: until - 3 * 86_400_000 }).find(
      (r) => r.check === 'tls expiry',
    );
    expect(soon).toMatchObject({ status: 'warn', fix: 'renew it' });
    expect(byCheck(judgeCertificate({ ...facts, now: until + 86_400_000 }))['tls expiry']).toBe('fail');
  });
});
