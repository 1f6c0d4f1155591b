import { type FSWatcher, watch } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CodedError } from '@balancer/core';
import type { CertificatePair, CertificateSource } from './certificate-source.js';
import { ChangeListeners } from './change-listeners.js';
import { HeldPair } from './held-pair.js';
import { validatePair } from './validate-pair.js';

export interface FileSourceOptions {
  certFile: string;
  keyFile: string;
  /** Wall time, epoch ms (expiry checks). */
  now: () => number;
  /** A change the source refused: the old pair stays served (start.ts logs and notifies). */
  onRejected: (error: CodedError) => void;
  /** Quiet time after the last file event before reloading (a renewer writes two files). Default 1 s. */
  debounceMs?: number;
  /** Also re-read the files this often, for file systems that report no events. Default 60 s. */
  pollMs?: number;
}

async function readPair(certFile: string, keyFile: string): Promise<CertificatePair> {
  const read = (file: string) =>
    readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new CodedError('TLS_FILE_UNREADABLE', `${file}: ${error.code ?? error.message}`, {
        cause: error,
      });
    });
  const [cert, key] = await Promise.all([read(certFile), read(keyFile)]);
  return { cert, key };
}

/**
 * TLS_CERT_FILE / TLS_KEY_FILE. The folders holding them are watched rather than the files: a
 * renewer such as certbot replaces files (or the symlinks to them) by rename, which a watch on
 * the old file would miss. A change is read after a quiet second; a pair that fails the checks
 * (half written, mismatched, expired) is refused and the previous one stays served.
 */
export class FileCertificateSource implements CertificateSource {
  readonly mode = 'files' as const;
  private readonly held = new HeldPair('FileCertificateSource');
  private readonly listeners = new ChangeListeners();
  private watchers: FSWatcher[] = [];
  private debounce: NodeJS.Timeout | undefined;
  private poll: NodeJS.Timeout | undefined;
  private reloading: Promise<void> = Promise.resolve();
  private lastRejected: string | null = null;

  constructor(private readonly options: FileSourceOptions) {}

  private get where(): string {
    return `${this.options.certFile} and ${this.options.keyFile}`;
  }

  async start(): Promise<void> {
    const pair = await readPair(this.options.certFile, this.options.keyFile);
    this.accept(pair);
    const folders = new Set([path.dirname(this.options.certFile), path.dirname(this.options.keyFile)]);
    for (const folder of folders) {
      const watcher = watch(folder, () => this.schedule());
      // A folder removed under us: the poll still runs and a later start() reads the files again.
      watcher.on('error', () => watcher.close());
      this.watchers.push(watcher);
    }
    this.poll = setInterval(() => this.schedule(0), this.options.pollMs ?? 60_000);
    this.poll.unref();
  }

  current(): CertificatePair {
    return this.held.current();
  }

  describe(): ReturnType<CertificateSource['describe']> {
    return this.held.describe();
  }

  onChange(listener: (pair: CertificatePair) => void): () => void {
    return this.listeners.add(listener);
  }

  async stop(): Promise<void> {
    clearTimeout(this.debounce);
    clearInterval(this.poll);
    for (const watcher of this.watchers) watcher.close();
    this.watchers = [];
    await this.reloading;
  }

  private accept(pair: CertificatePair): void {
    this.held.set(pair, validatePair(pair, this.options.now(), this.where));
  }

  private schedule(delay = this.options.debounceMs ?? 1000): void {
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      this.reloading = this.reloading.then(() => this.reload());
    }, delay);
    this.debounce.unref();
  }

  /** Reads the files again; swaps in a changed pair that passes the checks. */
  private async reload(): Promise<void> {
    let pair: CertificatePair;
    try {
      pair = await readPair(this.options.certFile, this.options.keyFile);
      const served = this.held.peek();
      if (pair.cert === served?.cert && pair.key === served?.key) return;
      this.accept(pair);
    } catch (error) {
      const coded =
        error instanceof CodedError ? error : new CodedError('TLS_FILE_UNREADABLE', String(error));
      // Each refused state is reported once, not on every poll.
      const state = coded.message;
      if (state === this.lastRejected) return;
      this.lastRejected = state;
      this.options.onRejected(new CodedError('TLS_RELOAD_FAILED', coded.codedMessage, { cause: coded }));
      return;
    }
    this.lastRejected = null;
    this.listeners.emit(pair, (error) =>
      this.options.onRejected(new CodedError('TLS_RELOAD_FAILED', String(error))),
    );
  }
}
