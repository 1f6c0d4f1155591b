import type { EngineSnapshot } from './engine-types.js';

/** The engine's onTick listeners; a listener that throws is skipped, never stops the engine. */
export class TickListeners {
  private readonly listeners = new Set<(snapshot: EngineSnapshot) => void>();

  add(listener: (snapshot: EngineSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(snapshot: EngineSnapshot | null): void {
    if (snapshot === null) return;
    for (const listener of this.listeners) {
      try {
        listener(snapshot);
      } catch {
        // A listener's failure is its own; the engine keeps ticking.
      }
    }
  }
}
