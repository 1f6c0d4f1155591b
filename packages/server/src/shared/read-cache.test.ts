import { describe, expect, it } from 'vitest';
import { ReadCache, written } from './read-cache.js';

/** A table of one value per key, its reads counted; a read can be held open. */
function table() {
  const rows = new Map<string, number>();
  let reads = 0;
  let hold: Promise<void> | null = null;
  return {
    rows,
    reads: () => reads,
    holdReads(gate: Promise<void> | null) {
      hold = gate;
    },
    read: async (key: string) => {
      reads += 1;
      const value = rows.get(key) ?? 0;
      if (hold) await hold;
      return value;
    },
  };
}

describe('ReadCache', () => {
  it('reads a key once within its lifetime, and again after it', async () => {
    let now = 1_000;
    const db = table();
    const cache = new ReadCache<string, number>(2_000, () => now);
    db.rows.set('a', 1);
    expect(await cache.get('a', () => db.read('a'))).toBe(1);
    now += 1_999;
    expect(await cache.get('a', () => db.read('a'))).toBe(1);
    expect(db.reads()).toBe(1);
    now += 1;
    expect(await cache.get('a', () => db.read('a'))).toBe(1);
    expect(db.reads()).toBe(2);
  });

  it('gives the written value right after a write it was told of', async () => {
    const db = table();
    const cache = new ReadCache<string, number>(60_000, () => 0);
    expect(await cache.get('a', () => db.read('a'))).toBe(0);
    await written(
      () => cache.changed(),
      async () => db.rows.set('a', 5),
    );
    expect(await cache.get('a', () => db.read('a'))).toBe(5);
  });

  it('does not keep a read that overlapped a write', async () => {
    const db = table();
    const cache = new ReadCache<string, number>(60_000, () => 0);
    let open = () => {};
    db.holdReads(new Promise<void>((resolve) => (open = resolve)));
    const early = cache.get('a', () => db.read('a'));
    await new Promise((resolve) => setImmediate(resolve));
    // The write lands while the read is held: the read answers the old value, but is not kept.
    await written(
      () => cache.changed(),
      async () => db.rows.set('a', 7),
    );
    db.holdReads(null);
    open();
    expect(await early).toBe(0);
    expect(await cache.get('a', () => db.read('a'))).toBe(7);
  });

  it('does not keep a read made while a write was under way', async () => {
    const db = table();
    const cache = new ReadCache<string, number>(60_000, () => 0);
    let finish = () => {};
    const writing = written(
      () => cache.changed(),
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            db.rows.set('a', 9);
            resolve();
          };
        }),
    );
    expect(await cache.get('a', () => db.read('a'))).toBe(0);
    finish();
    await writing;
    expect(await cache.get('a', () => db.read('a'))).toBe(9);
  });

  it('keeps no failed read', async () => {
    const cache = new ReadCache<string, number>(60_000, () => 0);
    await expect(cache.get('a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 3)).toBe(3);
  });
});
