import { createPrivateKey, X509Certificate } from 'node:crypto';
import { type DoctorCheck, fail, ok, warn } from './check.js';

/** Warn this long before a certificate expires. */
export const EXPIRY_WARNING_MS = 14 * 24 * 3_600_000;

export interface CertificateFacts {
  /** Where the pair comes from (shown, and named in fixes). */
  certFile: string;
  keyFile: string;
  certPem: string;
  keyPem: string;
  /** PUBLIC_DOMAIN, when the certificate must carry it. */
  domain?: string | undefined;
  /** Wall time, epoch ms. */
  now: number;
  /** What renews it (named in the expiry fix). */
  renewal: string;
}

function names(cert: X509Certificate): string[] {
  return (cert.subjectAltName ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.startsWith('DNS:'))
    .map((entry) => entry.slice(4).toLowerCase());
}

function covers(name: string, domain: string): boolean {
  if (name === domain) return true;
  return (
    name.startsWith('*.') &&
    domain.endsWith(name.slice(1)) &&
    !domain.slice(0, -name.length + 1).includes('.')
  );
}

/** The certificate: parses, its key matches, it is valid now and for 14 days more, it names the domain. */
export function judgeCertificate(facts: CertificateFacts): DoctorCheck[] {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(facts.certPem);
  } catch (error) {
    return [
      fail(
        'tls certificate',
        `${facts.certFile} is not a PEM certificate: ${(error as Error).message}`,
        'point TLS_CERT_FILE at the certificate chain (PEM, the leaf first)',
      ),
    ];
  }
  const results: DoctorCheck[] = [];
  try {
    const matches = cert.checkPrivateKey(createPrivateKey(facts.keyPem));
    results.push(
      matches
        ? ok('tls key', `${facts.keyFile} matches the certificate`)
        : fail(
            'tls key',
            `${facts.keyFile} is not the key of ${facts.certFile}`,
            'use the key the certificate was issued for (both files from the same renewal)',
          ),
    );
  } catch (error) {
    results.push(
      fail(
        'tls key',
        `${facts.keyFile} is not a PEM private key: ${(error as Error).message}`,
        'point TLS_KEY_FILE at the unencrypted private key (PEM)',
      ),
    );
  }
  const until = Date.parse(cert.validTo);
  const days = Math.floor((until - facts.now) / 86_400_000);
  if (until <= facts.now)
    results.push(fail('tls expiry', `${facts.certFile} expired on ${cert.validTo}`, facts.renewal));
  else if (until - facts.now < EXPIRY_WARNING_MS)
    results.push(
      warn('tls expiry', `${facts.certFile} expires in ${days} days (${cert.validTo})`, facts.renewal),
    );
  else results.push(ok('tls expiry', `valid for ${days} more days (until ${cert.validTo})`));
  if (facts.domain) {
    const listed = names(cert);
    const domain = facts.domain;
    results.push(
      listed.some((name) => covers(name, domain))
        ? ok('tls names', `the certificate names ${domain}`)
        : fail(
            'tls names',
            `the certificate names ${listed.join(', ') || 'no DNS name'}, not ${domain}`,
            `get a certificate for ${domain} (or correct PUBLIC_DOMAIN)`,
          ),
    );
  }
  return results;
}
