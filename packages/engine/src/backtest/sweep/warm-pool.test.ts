import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runSweep } from './run-sweep.js';
import { SHIPPED_YEAR, templateBase } from './test-support.js';
import { WarmSweepPool } from './warm-pool.js';

const WORKER = { path: fileURLToPath(new URL('../jobs/worker.ts', import.meta.url)), fromSource: true };
// Two weeks of the real year, 2 combinations: cheap on one thread.
const base = templateBase(150, 164);
const sweep = {
  base,
  points: [{ increaseGainRequirement: -4 }, { increaseGainRequirement: 0 }],
  metric: 'final-equity',
  trainFraction: 0.7,
} as const;

describe('the warm sweep pool', () => {
  // The idle timer, fired by hand: no real clock.
  const idle: { work: () => void; ms: number }[] = [];
  const pool = new WarmSweepPool(WORKER, 1, 60_000, (work, ms) => {
    const entry = { work, ms };
    idle.push(entry);
    return () => idle.splice(idle.indexOf(entry), 1);
  });
  afterAll(() => pool.close());

  it('keeps its threads between sweeps and releases them once idle', async () => {
    const alone = runSweep(SHIPPED_YEAR, sweep);
    expect(await pool.run(SHIPPED_YEAR, { ...sweep, threads: 1 }).result).toEqual(alone);
    expect(idle.map((entry) => entry.ms)).toEqual([60_000]);
    // The second sweep reuses the threads (the idle timer is cancelled, then set again).
    expect(await pool.run(SHIPPED_YEAR, { ...sweep, threads: 1 }).result).toEqual(alone);
    expect(pool.started).toBe(1);
    expect(idle).toHaveLength(1);
    expect(pool.warm).toBe(true);
    idle[0]!.work();
    expect(pool.warm).toBe(false);
  }, 60_000);

  it('starts new threads after the idle release, and after a cancelled sweep', async () => {
    const run = pool.run(SHIPPED_YEAR, { ...sweep, threads: 1 });
    expect(pool.started).toBe(2);
    await run.cancel();
    await expect(run.result).rejects.toMatchObject({ errorName: 'SWEEP_CANCELLED' });
    expect(pool.warm).toBe(false);
    const after = await pool.run(SHIPPED_YEAR, { ...sweep, threads: 1 }).result;
    expect(after).toEqual(runSweep(SHIPPED_YEAR, sweep));
    expect(pool.started).toBe(3);
  }, 60_000);
});
