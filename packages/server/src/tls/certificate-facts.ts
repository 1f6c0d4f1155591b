import { X509Certificate } from 'node:crypto';
import type { CertificateFacts } from './certificate-source.js';

/** A name as people write it: lower case, IPv6 addresses compressed (`::1`, not 0:0:0:0:0:0:0:1). */
function shortName(name: string): string {
  return name.includes(':') ? new URL(`http://[${name}]/`).hostname.slice(1, -1) : name.toLowerCase();
}

/**
 * The subject names of a certificate: its subjectAltName entries (DNS names and IP addresses,
 * as browsers read them), or its common name when it has none.
 */
export function namesOf(cert: X509Certificate): string[] {
  const alt = cert.subjectAltName;
  if (alt) {
    return alt
      .split(', ')
      .map((entry) => /^(?:DNS|IP Address):(.+)$/.exec(entry)?.[1])
      .filter((name): name is string => name !== undefined)
      .map(shortName);
  }
  const cn = /(?:^|\n)CN=(.+)/.exec(cert.subject)?.[1];
  return cn ? [cn] : [];
}

/** The leaf (first) certificate of a PEM chain. */
export function leafOf(pem: string): X509Certificate {
  return new X509Certificate(pem);
}

/** What the app shows of a certificate: fingerprint, names, expiry and issuer. */
export function factsOf(cert: X509Certificate): CertificateFacts {
  return {
    fingerprint256: cert.fingerprint256,
    names: namesOf(cert),
    notAfter: Date.parse(cert.validTo),
    issuer: cert.issuer.replaceAll('\n', ', '),
  };
}
