import type { X509Certificate } from 'node:crypto';
import { factsOf } from './certificate-facts.js';
import type { CertificateFacts, CertificatePair } from './certificate-source.js';

/** The pair a source serves and its facts: set at start (and on a reload), read after. */
export class HeldPair {
  private pair: CertificatePair | null = null;
  private facts: CertificateFacts | null = null;

  constructor(private readonly source: string) {}

  /** Holds a checked pair; `leaf` is its parsed leaf certificate. */
  set(pair: CertificatePair, leaf: X509Certificate): void {
    this.pair = pair;
    this.facts = factsOf(leaf);
  }

  /** The pair held, or null before the first. */
  peek(): CertificatePair | null {
    return this.pair;
  }

  current(): CertificatePair {
    if (!this.pair) throw new Error(`${this.source}.current() before start()`);
    return this.pair;
  }

  describe(): CertificateFacts {
    if (!this.facts) throw new Error(`${this.source}.describe() before start()`);
    return this.facts;
  }
}
