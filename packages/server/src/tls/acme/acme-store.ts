import { createPrivateKey } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CodedError } from '@balancer/core';
import { leafOf } from '../certificate-facts.js';
import type { CertificatePair } from '../certificate-source.js';
import { writeAtomically } from '../write-atomically.js';

/**
 * The ACME source's files in `<BALANCER_DATA_DIR>/tls/acme/` (docs/https.md): the account key
 * and the certificate with its key, reused across restarts. Private keys are mode 0600 like
 * secrets.json; the folder is 0700.
 */
export class AcmeStore {
  constructor(readonly folder: string) {}

  get accountKeyFile(): string {
    return path.join(this.folder, 'account.key');
  }

  get certFile(): string {
    return path.join(this.folder, 'certificate.crt');
  }

  get keyFile(): string {
    return path.join(this.folder, 'certificate.key');
  }

  /** Where the certificate came from: {"directoryUrl": …}. */
  get originFile(): string {
    return path.join(this.folder, 'certificate.json');
  }

  /** The account key, made by `create` (and stored) on first use. */
  async accountKey(create: () => Promise<string>): Promise<string> {
    const stored = await this.read(this.accountKeyFile);
    if (stored !== null) return stored;
    const made = await create();
    await this.write(this.accountKeyFile, made, 0o600);
    return made;
  }

  /** The stored pair, or null when missing or when the key is not the certificate's. */
  async loadPair(): Promise<CertificatePair | null> {
    const [cert, key] = await Promise.all([this.read(this.certFile), this.read(this.keyFile)]);
    if (cert === null || key === null) return null;
    try {
      return leafOf(cert).checkPrivateKey(createPrivateKey(key)) ? { cert, key } : null;
    } catch {
      return null; // Damaged files: ordered again, as if missing.
    }
  }

  /** The ACME directory the stored certificate came from, or null when not recorded. */
  async loadOrigin(): Promise<string | null> {
    const text = await this.read(this.originFile);
    try {
      const origin = text === null ? null : (JSON.parse(text) as { directoryUrl?: unknown }).directoryUrl;
      return typeof origin === 'string' ? origin : null;
    } catch {
      return null;
    }
  }

  /**
   * Key first: a crash between the renames leaves a mismatched pair, which loadPair refuses. The
   * origin goes last: a crash before it makes the next start order again, never keep a stale one.
   */
  async savePair(pair: CertificatePair, directoryUrl: string): Promise<void> {
    await this.write(this.keyFile, pair.key, 0o600);
    await this.write(this.certFile, pair.cert, 0o644);
    await this.write(this.originFile, `${JSON.stringify({ directoryUrl })}\n`, 0o644);
  }

  private async read(file: string): Promise<string | null> {
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new CodedError('ACME_STORE_FAILED', `${file}: ${(error as Error).message}`, { cause: error });
    }
  }

  /** Writes by rename (writeAtomically), in the store's folder, with the store's error code. */
  private async write(file: string, content: string, mode: number): Promise<void> {
    try {
      await mkdir(this.folder, { recursive: true, mode: 0o700 });
      await writeAtomically(file, content, mode);
    } catch (error) {
      throw new CodedError('ACME_STORE_FAILED', `${file}: ${(error as Error).message}`, { cause: error });
    }
  }
}
