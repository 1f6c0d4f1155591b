/**
 * Reads of the database kept in memory, per key, for at most `ttlMs`: what many requests ask for
 * again and again (the engine settings, a user's badge counts). Every write that may change a
 * value calls `changed()` before and after it (`written` does both): that drops every value at
 * once, so a read that overlapped the write (it may hold the old value) is not kept. `ttlMs`
 * bounds what a write this process is not told of can leave stale (another instance on the same
 * PostgreSQL, a retention sweep). Concurrent reads of a key share one load.
 */
export class ReadCache<K, V> {
  private readonly entries = new Map<K, { until: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly maxEntries = 1_000,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && now < hit.until) return hit.value;
    const value = Promise.resolve().then(load);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { until: now + this.ttlMs, value });
    // A failed read is not kept.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** Drops every value; call before and after each write (or use `written`). */
  changed(): void {
    this.entries.clear();
  }
}

/** Runs a write with `changed` told before and after it, whether it succeeds or not. */
export async function written<T>(changed: () => void, write: () => Promise<T>): Promise<T> {
  changed();
  try {
    return await write();
  } finally {
    changed();
  }
}
