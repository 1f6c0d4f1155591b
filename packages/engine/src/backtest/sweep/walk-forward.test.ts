import { fileURLToPath } from 'node:url';
import { CodedError } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { loadCandleFile } from '../../market-data/load-candles.js';
import { backtestOptionsOf, templateStrategy } from '../inputs.js';
import { runBacktest } from '../run-backtest.js';
import { pointOptions, runSweep } from './run-sweep.js';
import { gridPoints } from './space.js';
import { walkForward } from './walk-forward.js';

const SHIPPED = fileURLToPath(
  new URL('../../../../../market-data/binance-btcusdt-15m.csv.gz', import.meta.url),
);
const { table } = loadCandleFile(SHIPPED);
const DAY = 86_400_000;
const base = backtestOptionsOf({
  startQuote: '10000',
  feePercent: '0.1',
  strategy: templateStrategy(
    undefined,
    '10000',
    'template',
    (detail) => new CodedError('SWEEP_INVALID', detail),
  ).strategy,
  fromMs: table.time[0]! + 100 * DAY,
  toMs: table.time[0]! + 190 * DAY,
});
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
