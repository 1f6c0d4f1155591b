import type { EngineStore } from '../ports.js';

/**
 * Writes the engine's runtime keys (EngineStore.saveRuntime) only when their value changed since
 * it was last loaded or written, and tells when a periodic write is due by the wall clock. The
 * coins windows are a ~100 kB JSON: rewriting them every tick would leave a dead copy per tick
 * in the table (PGlite has no autovacuum), and a market clock replayed at 60× would make a
 * "once a minute" rule fire every 3 s tick; the wall clock is what the disk lives on.
 */
export class RuntimeWriter {
  /** The JSON each key holds in the store, as far as this writer knows. */
  private readonly stored = new Map<string, string>();
  private lastWrite: number | null = null;

  constructor(
    private readonly store: EngineStore,
    /** Wall time, epoch ms. */
    private readonly wallClock: () => number,
    /** Least wall time between two periodic writes, ms. */
    private readonly everyMs: number,
  ) {}

  async load<T>(key: string): Promise<T | null> {
    const value = await this.store.loadRuntime<T>(key);
    this.stored.set(key, JSON.stringify(value ?? null));
    return value;
  }

  /** True when no periodic write happened yet, or `everyMs` of wall time passed since the last one. */
  get due(): boolean {
    return this.lastWrite === null || this.wallClock() - this.lastWrite >= this.everyMs;
  }

  /** Writes each key whose value differs from what the store holds; `periodic` restarts the wait. */
  async write(values: Record<string, unknown>, periodic: boolean): Promise<void> {
    for (const [key, value] of Object.entries(values)) {
      const json = JSON.stringify(value ?? null);
      if (this.stored.get(key) === json) continue;
      await this.store.saveRuntime(key, value);
      this.stored.set(key, json);
    }
    if (periodic) this.lastWrite = this.wallClock();
  }
}
