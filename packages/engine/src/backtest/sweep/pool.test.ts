import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { poolSize, SweepPool, sharedCandles, startSweepPool } from './pool.js';
import { runSweep } from './run-sweep.js';
import { gridPoints } from './space.js';
import { SHIPPED_YEAR, templateBase } from './test-support.js';

const WORKER = { path: fileURLToPath(new URL('../jobs/worker.ts', import.meta.url)), fromSource: true };
const table = SHIPPED_YEAR;
// Two months of the real year, 8 combinations (one refused as a whole: skipped).
const base = templateBase(150, 210);
const points = [
  ...gridPoints([
    { parameter: 'increaseGainRequirement', from: -6, to: 0, step: 2 },
    { parameter: 'decreaseGainScale', from: 0.5, to: 1, step: 0.5 },
  ]).slice(0, 7),
  { windowStrongRequirement: 0.01 },
];

describe('the sweep pool', () => {
  it('gives the same rows in the same order as runSweep, with progress to the end', async () => {
    const alone = runSweep(table, { base, points, metric: 'return-drawdown', trainFraction: 0.7 });
    const progress: number[] = [];
    const pooled = await startSweepPool(WORKER, table, {
      base,
      points,
      metric: 'return-drawdown',
      trainFraction: 0.7,
      threads: 2,
      onProgress: (done) => progress.push(done),
    }).result;
    expect(pooled).toEqual(alone);
    expect(pooled.skipped).toBe(1);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  }, 60_000);

  it('runs one sweep after another on the same threads, each as runSweep gives it', async () => {
    const pool = new SweepPool(WORKER, 2);
    try {
      for (const metric of ['irr', 'max-drawdown'] as const) {
        const pooled = await pool.run(table, { base, points, metric, trainFraction: null }).result;
        expect(pooled).toEqual(runSweep(table, { base, points, metric, trainFraction: null }));
      }
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('shares the table once and sizes itself to the cores and the combinations', () => {
    const shared = sharedCandles(table);
    expect(shared.close.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Array.from(shared.close.subarray(0, 5))).toEqual(Array.from(table.close.subarray(0, 5)));
    expect(sharedCandles(shared)).toBe(shared);
    expect(poolSize(8, 1)).toBe(1);
    expect(poolSize(1, 100)).toBe(1);
  });

  it('checks the split before any thread starts, and stops on cancel with SWEEP_CANCELLED', async () => {
    expect(() =>
      startSweepPool(WORKER, table, { base, points, metric: 'irr', trainFraction: 0.95, threads: 2 }),
    ).toThrow(/0\.5…0\.9/);
    const run = startSweepPool(WORKER, table, {
      base,
      points,
      metric: 'irr',
      trainFraction: null,
      threads: 2,
    });
    await run.cancel();
    await expect(run.result).rejects.toMatchObject({ errorName: 'SWEEP_CANCELLED' });
  }, 60_000);
});
