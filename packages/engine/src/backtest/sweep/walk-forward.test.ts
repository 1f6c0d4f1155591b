import { describe, expect, it } from 'vitest';
import { runBacktest } from '../run-backtest.js';
import { pointOptions, runSweep } from './run-sweep.js';
import { gridPoints } from './space.js';
import { SHIPPED_YEAR, templateBase } from './test-support.js';
import { walkForward } from './walk-forward.js';

const table = SHIPPED_YEAR;
const base = templateBase(100, 190);
const points = gridPoints([{ parameter: 'increaseGainRequirement', from: -6, to: 0, step: 2 }]);

describe('walk-forward', () => {
  it('ranks on each window and reports the best settings on the next, as a backtest alone gives', async () => {
    const folds: number[] = [];
    const result = await walkForward(
      table,
      { base, points, metric: 'final-equity', folds: 2, onFold: (done) => folds.push(done) },
      runSweep,
    );
    expect(folds).toEqual([1, 2]);
    expect(result.folds).toHaveLength(2);
    const [first, second] = result.folds;
    // Adjacent, equal windows: fold 2 trains on fold 1's test window.
    expect(first!.train.toMs).toBe(first!.test.fromMs);
    expect(second!.train).toEqual(first!.test);
    expect(first!.train.fromMs).toBeGreaterThanOrEqual(base.fromMs!);
    expect(second!.test.toMs).toBeLessThanOrEqual(base.toMs! + table.intervalMs);
    for (const fold of result.folds) {
      expect(fold.ranked).toBe(4);
      const alone = runBacktest(table, {
        ...pointOptions(base, fold.best!.point),
        fromMs: fold.test.fromMs,
        toMs: fold.test.toMs,
      }).strategy.outcome;
      expect(fold.best!.outOfSample).toMatchObject({
        finalEquity: alone.finalEquity,
        trades: alone.trades.length,
      });
    }
  });

  it('refuses a fold count out of bounds', async () => {
    await expect(walkForward(table, { base, points, metric: 'irr', folds: 1 }, runSweep)).rejects.toThrow(
      /2…10 folds/,
    );
  });
});
