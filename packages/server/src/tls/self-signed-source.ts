import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CodedError } from '@balancer/core';
import { generate } from 'selfsigned';
import { namesOf } from './certificate-facts.js';
import type { CertificatePair, CertificateSource } from './certificate-source.js';
import { HeldPair } from './held-pair.js';
import type { MachineNames } from './machine-names.js';
import { validatePair } from './validate-pair.js';
import { writeAtomically } from './write-atomically.js';

const DAY_MS = 86_400_000;
/** Apple platforms refuse TLS certificates valid for more than 398 days; 397 stays clear of it. */
export const SELF_SIGNED_VALIDITY_DAYS = 397;
/** A certificate with fewer days left is made again at start. */
export const SELF_SIGNED_RENEW_DAYS = 30;

export interface SelfSignedOptions {
  /** `<BALANCER_DATA_DIR>/tls`: self-signed.crt and self-signed.key (0600). */
  folder: string;
  names: MachineNames;
  /** Wall time, epoch ms. */
  now: () => number;
  /** Told when a certificate was made (why) or reused, for the start-up log. */
  onPrepared?: (how: 'made' | 'reused', reason: string) => void;
}

/**
 * Why a stored certificate must be made again, or null to reuse it. Made again when it is
 * unreadable, near expiry, or lacks the host name or an IPv4 address the machine has now. A new
 * IPv6 address alone does not count: temporary (privacy) IPv6 addresses change daily, and each
 * new certificate has a new fingerprint the operator must compare again on every device.
 */
export function reasonToRemake(
  pair: CertificatePair | null,
  names: MachineNames,
  now: number,
): string | null {
  if (!pair) return 'no certificate stored yet';
  let covered: Set<string>;
  let notAfter: number;
  try {
    const leaf = validatePair(pair, now, 'the stored self-signed certificate');
    covered = new Set(namesOf(leaf));
    notAfter = Date.parse(leaf.validTo);
  } catch (error) {
    return (error as Error).message;
  }
  if (notAfter - now < SELF_SIGNED_RENEW_DAYS * DAY_MS) return 'it expires within 30 days';
  const missing = [...names.dns, ...names.ipv4].filter((name) => !covered.has(name));
  return missing.length > 0 ? `it does not name ${missing.join(', ')}` : null;
}

/** A self-signed pair for `names`, valid from a day before `now` for `validityDays`. */
export async function makeSelfSignedPair(
  names: MachineNames,
  now: number,
  validityDays = SELF_SIGNED_VALIDITY_DAYS,
): Promise<CertificatePair> {
  const made = await generate(
    [{ name: 'commonName', value: names.dns.find((n) => n !== 'localhost') ?? 'localhost' }],
    {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      // A day of slack for a phone whose clock runs behind.
      notBeforeDate: new Date(now - DAY_MS),
      notAfterDate: new Date(now + validityDays * DAY_MS),
      extensions: [
        { name: 'basicConstraints', cA: false, critical: true },
        { name: 'keyUsage', digitalSignature: true, critical: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [
            ...names.dns.map((value) => ({ type: 2 as const, value })),
            ...[...names.ipv4, ...names.ipv6].map((ip) => ({ type: 7 as const, ip })),
          ],
        },
      ],
    },
  );
  return { cert: made.cert, key: made.private };
}

/**
 * TLS=self-signed: a certificate for this machine's names and addresses, made once and kept in
 * the data folder so its fingerprint stays the same across restarts (the operator compares it on
 * each device once). Made again only for the reasons `reasonToRemake` gives.
 */
export class SelfSignedCertificateSource implements CertificateSource {
  readonly mode = 'self-signed' as const;
  private readonly held = new HeldPair('SelfSignedCertificateSource');

  constructor(private readonly options: SelfSignedOptions) {}

  get certFile(): string {
    return path.join(this.options.folder, 'self-signed.crt');
  }

  get keyFile(): string {
    return path.join(this.options.folder, 'self-signed.key');
  }

  async start(): Promise<void> {
    const now = this.options.now();
    const stored = await this.load();
    const reason = reasonToRemake(stored, this.options.names, now);
    let pair = stored;
    if (reason !== null || !pair) {
      try {
        pair = await makeSelfSignedPair(this.options.names, now);
        await mkdir(this.options.folder, { recursive: true, mode: 0o700 });
        await writeAtomically(this.keyFile, pair.key, 0o600);
        await writeAtomically(this.certFile, pair.cert, 0o644);
      } catch (error) {
        throw new CodedError(
          'TLS_SELF_SIGNED_FAILED',
          `${this.options.folder}: ${(error as Error).message}`,
          {
            cause: error,
          },
        );
      }
      this.options.onPrepared?.('made', reason ?? 'no certificate stored yet');
    } else {
      this.options.onPrepared?.('reused', 'it still names this machine');
    }
    this.held.set(pair, validatePair(pair, now, this.certFile));
  }

  current(): CertificatePair {
    return this.held.current();
  }

  describe(): ReturnType<CertificateSource['describe']> {
    return this.held.describe();
  }

  /** The certificate changes only at start (a restart makes a new one when due): nothing to report. */
  onChange(_listener: (pair: CertificatePair) => void): () => void {
    return () => {};
  }

  async stop(): Promise<void> {}

  private async load(): Promise<CertificatePair | null> {
    try {
      const [cert, key] = await Promise.all([
        readFile(this.certFile, 'utf8'),
        readFile(this.keyFile, 'utf8'),
      ]);
      return { cert, key };
    } catch {
      return null;
    }
  }
}
