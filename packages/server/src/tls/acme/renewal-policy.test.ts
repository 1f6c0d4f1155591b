import { describe, expect, it } from 'vitest';
import { certificateNeed, renewalDueAt, retryDelay } from './renewal-policy.js';

const DAY = 86_400_000;
// A Let's Encrypt certificate: 90 days from day 0.
const LE = 'https://acme-v02.api.letsencrypt.org/directory';
const stored = { names: ['bot.example.com'], directoryUrl: LE, notBefore: 0, notAfter: 90 * DAY };
const wanted = { domain: 'bot.example.com', directoryUrl: LE };

describe('ACME renewal policy', () => {
  it('renews with a third of the lifetime left', () => {
    expect(renewalDueAt(stored)).toBe(60 * DAY); // 90 − 90/3
    expect(renewalDueAt({ notBefore: 1000, notAfter: 31_000 })).toBe(21_000); // 31 s − 30 s/3
  });

  it('orders when missing, expired or for another name', () => {
    expect(certificateNeed(null, wanted, 0)).toBe('missing');
    expect(certificateNeed(stored, { ...wanted, domain: 'other.example.com' }, DAY)).toBe('other-domain');
    expect(certificateNeed(stored, wanted, 90 * DAY)).toBe('expired');
  });

  it('orders anew from another CA (staging → production), or when the CA was not recorded', () => {
    const staging = 'https://acme-staging-v02.api.letsencrypt.org/directory';
    expect(certificateNeed({ ...stored, directoryUrl: staging }, wanted, DAY)).toBe('other-ca');
    expect(certificateNeed({ ...stored, directoryUrl: null }, wanted, DAY)).toBe('other-ca');
  });

  it('keeps serving until renewal is due, then renews while the old one still serves', () => {
    expect(certificateNeed(stored, wanted, 60 * DAY - 1)).toBe('none');
    expect(certificateNeed(stored, wanted, 60 * DAY)).toBe('renew');
  });

  it('backs off by doubling up to the ceiling', () => {
    const policy = { firstMs: 1000, maxMs: 5000 };
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(n, policy))).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect(retryDelay(1)).toBe(300_000); // 5 min
    expect(retryDelay(1000)).toBe(21_600_000); // capped at 6 h
  });
});
