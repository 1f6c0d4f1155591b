import { describe, expect, it } from 'vitest';
import { freshCoalescer } from './fresh-coalescer.js';

/** A load whose calls are counted and whose answer is the store's value when it runs. */
function counted() {
  const store = { value: 0 };
  const started: string[] = [];
  const releases: Array<() => void> = [];
  const load = async (key: string) => {
    started.push(key);
    const seen = store.value;
    await new Promise<void>((resolve) => releases.push(resolve));
    return `${key}:${seen}`;
  };
  const releaseAll = async () => {
    while (releases.length > 0) {
      for (const release of releases.splice(0)) release();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { store, started, load, releaseAll };
}

describe('freshCoalescer', () => {
  it('answers many concurrent callers with at most two loads per key', async () => {
    const { started, load, releaseAll } = counted();
    const get = freshCoalescer(load);
    const answers = Promise.all([
      ...Array.from({ length: 10 }, () => get('a')),
      ...Array.from({ length: 5 }, () => get('b')),
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    await releaseAll();
    expect((await answers).length).toBe(15);
    // a: the first load, and one shared by the 9 who came while it ran; b likewise.
    expect(started.sort()).toEqual(['a', 'a', 'b', 'b']);
  });

  it('never answers a caller with a load that started before its call', async () => {
    const { store, load, releaseAll } = counted();
    const get = freshCoalescer(load);
    const early = get('a');
    await new Promise((resolve) => setImmediate(resolve));
    // A write lands while the first load is in flight; the next caller must see it.
    store.value = 1;
    const late = get('a');
    await releaseAll();
    expect([await early, await late]).toEqual(['a:0', 'a:1']);
  });

  it('passes a failure to the callers of that load only, and loads again afterwards', async () => {
    let calls = 0;
    const get = freshCoalescer(async (key: string) => {
      calls += 1;
      if (calls === 1) throw new Error('down');
      return key;
    });
    const first = get('a');
    const second = get('a');
    await expect(first).rejects.toThrow('down');
    expect(await second).toBe('a');
    expect(await get('a')).toBe('a');
    expect(calls).toBe(3);
  });
});
