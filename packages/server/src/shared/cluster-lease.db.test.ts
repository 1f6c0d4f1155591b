import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/test-databases.js';
import { ClusterLease } from './cluster-lease.js';

const T0 = 1_800_000_000_000;

describeEachDatabase('a cluster lease', (ctx) => {
  const lease = (holder: string, name = 'task') =>
    new ClusterLease(() => ctx().handle.db, name, holder, 60_000);

  it('is held by one instance until it expires or is released, renewed by its holder', async () => {
    const [a, b] = [lease('a'), lease('b')];
    expect(await a.acquire(T0)).toBe(true);
    expect(await b.acquire(T0 + 1_000)).toBe(false);
    // Renewed at T0 + 50 s: held until T0 + 110 s.
    expect(await a.acquire(T0 + 50_000)).toBe(true);
    expect(await b.acquire(T0 + 109_999)).toBe(false);
    expect(await b.acquire(T0 + 110_000)).toBe(true);
    expect(await a.acquire(T0 + 110_001)).toBe(false);
    await a.release(); // not a's: nothing changes
    expect(await a.acquire(T0 + 110_002)).toBe(false);
    await b.release();
    expect(await a.acquire(T0 + 110_003)).toBe(true);
    // Another name is another lease.
    expect(await lease('b', 'other').acquire(T0)).toBe(true);
  });

  it('lets exactly one of several instances racing for a free lease take it', async () => {
    const racers = ['r1', 'r2', 'r3', 'r4'].map((holder) => lease(holder, 'race'));
    const won = await Promise.all(racers.map((racer) => racer.acquire(T0)));
    expect(won.filter(Boolean)).toHaveLength(1);
  });
});
