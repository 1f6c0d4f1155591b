/**
 * When the ACME source needs a certificate, pure (times are epoch ms passed in). A certificate
 * is renewed once less than a third of its lifetime is left: 30 days before the end of Let's
 * Encrypt's 90 days, as Let's Encrypt advises; a 30 s test certificate from Pebble after 20 s.
 */

/** What the stored certificate says about itself. */
export interface StoredValidity {
  names: string[];
  /** The ACME directory it came from (null: not recorded). */
  directoryUrl: string | null;
  notBefore: number;
  notAfter: number;
}

/** Why a certificate must be ordered now ('renew': soon, while the stored one still serves), or 'none'. */
export type CertificateNeed = 'missing' | 'expired' | 'other-domain' | 'other-ca' | 'renew' | 'none';

/** The moment renewal is due: a third of the lifetime before notAfter. */
export function renewalDueAt(validity: Pick<StoredValidity, 'notBefore' | 'notAfter'>): number {
  return validity.notAfter - (validity.notAfter - validity.notBefore) / 3;
}

/** What is wanted: PUBLIC_DOMAIN from ACME_DIRECTORY_URL (switching staging → production orders anew). */
export interface Wanted {
  domain: string;
  directoryUrl: string;
}

export function certificateNeed(stored: StoredValidity | null, wanted: Wanted, now: number): CertificateNeed {
  if (!stored) return 'missing';
  if (!stored.names.includes(wanted.domain)) return 'other-domain';
  if (stored.directoryUrl !== wanted.directoryUrl) return 'other-ca';
  if (now >= stored.notAfter) return 'expired';
  return now >= renewalDueAt(stored) ? 'renew' : 'none';
}

export interface RetryPolicy {
  /** The wait after the first failure, ms. */
  firstMs: number;
  /** The longest wait, ms. */
  maxMs: number;
}

/** 5 min after the first failure, doubling to at most 6 h (Let's Encrypt allows 5 failed validations an hour). */
export const DEFAULT_RETRY: RetryPolicy = { firstMs: 5 * 60_000, maxMs: 6 * 60 * 60_000 };

/** The wait before the next attempt after `failures` failures in a row (1 or more). */
export function retryDelay(failures: number, policy: RetryPolicy = DEFAULT_RETRY): number {
  const doublings = Math.min(Math.max(failures - 1, 0), 30);
  return Math.min(policy.firstMs * 2 ** doublings, policy.maxMs);
}
