import type { EngineSnapshot } from './engine-types.js';

/**
 * The engine's onTick listeners. A listener that throws is reported to `onError` and skipped: its
 * failure is its own, it never stops the engine nor the other listeners.
 */
export class TickListeners {
  private readonly listeners = new Set<(snapshot: EngineSnapshot) => void>();

  constructor(private readonly onError: (error: unknown) => void) {}

  add(listener: (snapshot: EngineSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(snapshot: EngineSnapshot | null): void {
    if (snapshot === null) return;
    for (const listener of this.listeners) {
      try {
        listener(snapshot);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
