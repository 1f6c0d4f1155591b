import { describe, expect, it } from 'vitest';
import { runBacktest } from '../run-backtest.js';
import { checkCombination } from './parameters.js';
import { pointOptions, runSweep } from './run-sweep.js';
import { gridPoints, randomPoints, rangeValues } from './space.js';
import { SHIPPED_YEAR, templateBase } from './test-support.js';

const table = SHIPPED_YEAR;
// Three months of the real year: enough trading to tell settings apart, quick to run 9 times.
const base = templateBase(150, 240);

describe('the sweep space', () => {
  it('lists a range exactly, inside the parameter bounds and on its step', () => {
    expect(rangeValues({ parameter: 'decreaseGainScale', from: 0.1, to: 0.3, step: 0.1 })).toEqual([
      0.1, 0.2, 0.3,
    ]);
    expect(() => rangeValues({ parameter: 'windowSize', from: 64, to: 256, step: 64 })).toThrow(
      /leaves its bounds/,
    );
    expect(() => rangeValues({ parameter: 'windowSize', from: 128, to: 256, step: 0.5 })).toThrow(
      /multiples of 1/,
    );
    expect(() => rangeValues({ parameter: 'nope', from: 1, to: 2, step: 1 })).toThrow(
      /unknown parameter nope/,
    );
    expect(() => rangeValues({ parameter: 'windowSize', from: 256, to: 128, step: 1 })).toThrow(/FROM ≤ TO/);
  });

  it('crosses the ranges into a grid, refuses one too large, and draws random points reproducibly', () => {
    const ranges = [
      { parameter: 'increaseGainRequirement', from: -10, to: 0, step: 5 },
      { parameter: 'decreaseGainScale', from: 0.5, to: 1.5, step: 0.5 },
    ];
    const grid = gridPoints(ranges);
    expect(grid).toHaveLength(9);
    expect(grid[0]).toEqual({ increaseGainRequirement: -10, decreaseGainScale: 0.5 });
    expect(() =>
      gridPoints([
        { parameter: 'windowRequirement', from: 0.01, to: 100, step: 0.01 },
        { parameter: 'windowSize', from: 128, to: 512, step: 1 },
      ]),
    ).toThrow(/at most 10000/);
    const random = randomPoints(ranges, 5, 42);
    expect(random).toEqual(randomPoints(ranges, 5, 42));
    expect(random).toHaveLength(5);
    for (const point of random) expect(grid).toContainEqual(point);
  });

  it('skips a combination the live settings would refuse as a whole', () => {
    // A strong requirement below the requirement.
    expect(checkCombination(pointOptions(base, { windowStrongRequirement: 0.01 }))).toBe(false);
    expect(checkCombination(pointOptions(base, { windowStrongRequirement: 2 }))).toBe(true);
  });
});

describe('runSweep', () => {
  const points = gridPoints([
    { parameter: 'increaseGainRequirement', from: -10, to: 0, step: 5 },
    { parameter: 'decreaseGainScale', from: 0.5, to: 1.5, step: 0.5 },
  ]);
  const result = runSweep(table, { base, points, metric: 'final-equity', trainFraction: 0.7 });

  it('ranks the 9 combinations by the metric in sample, each with its out-of-sample figures', () => {
    expect(result.rows).toHaveLength(9);
    expect(result.skipped).toBe(0);
    const equities = result.rows.map((row) => Number(row.inSample.finalEquity));
    expect(equities).toEqual([...equities].sort((a, b) => b - a));
    expect(result.rows.every((row) => row.outOfSample !== null)).toBe(true);
    expect(result.inSample.toMs).toBe(result.outOfSample?.fromMs);
    // The settings do differ in what they do.
    expect(new Set(result.rows.map((row) => row.inSample.finalEquity)).size).toBeGreaterThan(1);
  });

  it("gives the best settings' figures exactly as a backtest of those settings alone does", () => {
    const best = result.rows[0]!;
    const alone = (fromMs: number, toMs: number) =>
      runBacktest(table, { ...pointOptions(base, best.point), fromMs, toMs }).strategy.outcome;
    const inSample = alone(result.inSample.fromMs, result.inSample.toMs);
    expect(best.inSample).toMatchObject({
      finalEquity: inSample.finalEquity,
      pnl: inSample.pnl,
      irrPercent: inSample.irrPercent,
      maxDrawdownPercent: inSample.maxDrawdownPercent,
      trades: inSample.trades.length,
    });
    const outOfSample = alone(result.outOfSample!.fromMs, result.outOfSample!.toMs);
    expect(best.outOfSample).toMatchObject({
      finalEquity: outOfSample.finalEquity,
      trades: outOfSample.trades.length,
    });
  });

  it('ranks by drawdown ascending, reports progress, and stops when cancelled', () => {
    const progress: number[] = [];
    const byDrawdown = runSweep(table, {
      base,
      points: points.slice(0, 3),
      metric: 'max-drawdown',
      trainFraction: null,
      onProgress: (done) => progress.push(done),
    });
    const drawdowns = byDrawdown.rows.map((row) => row.inSample.maxDrawdownPercent);
    expect(drawdowns).toEqual([...drawdowns].sort((a, b) => a - b));
    expect(byDrawdown.outOfSample).toBeNull();
    expect(progress).toEqual([1, 2, 3]);
    const controller = new AbortController();
    controller.abort();
    expect(() =>
      runSweep(table, { base, points, metric: 'irr', trainFraction: 0.7, signal: controller.signal }),
    ).toThrow(/cancelled/);
    expect(() => runSweep(table, { base, points, metric: 'irr', trainFraction: 0.95 })).toThrow(/0\.5…0\.9/);
  });
});
