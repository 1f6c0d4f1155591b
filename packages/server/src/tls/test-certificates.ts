import { X509Certificate } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { generate } from 'selfsigned';
import type { CertificatePair } from './certificate-source.js';

const DAY_MS = 86_400_000;

/** A test certificate authority: its pair and the PEM a client trusts. */
export type TestCa = CertificatePair;

/** A throwaway CA for tests (a client trusting it checks the chain as a browser would). */
export async function makeTestCa(name = 'Balancer Test CA'): Promise<TestCa> {
  const made = await generate([{ name: 'commonName', value: name }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 30 * DAY_MS),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  return { cert: made.cert, key: made.private };
}

export interface LeafOptions {
  /** DNS names and IP addresses (the first is the common name). */
  names: string[];
  /** Validity window, epoch ms; default from a minute ago for 30 days. */
  notBefore?: number;
  notAfter?: number;
}

/** A server certificate signed by `ca` for `names`. */
export async function makeLeaf(ca: TestCa, options: LeafOptions): Promise<CertificatePair> {
  const notBefore = options.notBefore ?? Date.now() - 60_000;
  const made = await generate([{ name: 'commonName', value: options.names[0] ?? 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate: new Date(notBefore),
    notAfterDate: new Date(options.notAfter ?? notBefore + 30 * DAY_MS),
    ca,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: options.names.map((name) =>
          /^[\d.]+$|:/.test(name) ? { type: 7 as const, ip: name } : { type: 2 as const, value: name },
        ),
      },
    ],
  });
  return { cert: made.cert, key: made.private };
}

/** Writes a pair where TLS_CERT_FILE / TLS_KEY_FILE point. */
export function writePair(pair: CertificatePair, certFile: string, keyFile: string): void {
  writeFileSync(keyFile, pair.key, { mode: 0o600 });
  writeFileSync(certFile, pair.cert);
}

/** The SHA-256 fingerprint a client sees for a PEM certificate. */
export const fingerprintOf = (pem: string): string => new X509Certificate(pem).fingerprint256;
