/**
 * Where the platform's HTTPS certificate comes from. Three ways, one at a time (config TLS):
 * operator files (file-source.ts), a self-signed one for a LAN box (self-signed-source.ts) and
 * ACME for a public name. platform/start.ts serves `current()` and swaps in every pair
 * `onChange` reports with the server's setSecureContext(): renewal needs no restart and
 * connections already open keep the pair they started with.
 */
export interface CertificatePair {
  /** PEM certificate chain, leaf first. */
  cert: string;
  /** PEM private key of the leaf. */
  key: string;
}

export interface CertificateSource {
  readonly mode: 'files' | 'self-signed' | 'acme';
  /** Prepares the first pair (reads files, makes/loads the self-signed one, obtains over ACME). */
  start(): Promise<void>;
  /** The pair to serve now; only after start(). */
  current(): CertificatePair;
  /** Called when the pair changes (file change, renewal); returns an unsubscribe. */
  onChange(listener: (pair: CertificatePair) => void): () => void;
  /** Facts the app shows: SHA-256 fingerprint (colon hex, upper case), subject names, notAfter (epoch ms). */
  describe(): { fingerprint256: string; names: string[]; notAfter: number; issuer: string };
  stop(): Promise<void>;
}

/** Answers ACME HTTP-01 challenges on the plain-HTTP listener: the key authorization for a token, or undefined. */
export type ChallengeResponder = (token: string) => string | undefined;

export type CertificateFacts = ReturnType<CertificateSource['describe']>;
