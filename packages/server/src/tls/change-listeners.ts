import type { CertificatePair } from './certificate-source.js';

/** The onChange listeners of a certificate source; one failing listener does not stop the rest. */
export class ChangeListeners {
  private readonly listeners = new Set<(pair: CertificatePair) => void>();

  add(listener: (pair: CertificatePair) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(pair: CertificatePair, onError: (error: unknown) => void): void {
    for (const listener of this.listeners) {
      try {
        listener(pair);
      } catch (error) {
        onError(error);
      }
    }
  }
}
