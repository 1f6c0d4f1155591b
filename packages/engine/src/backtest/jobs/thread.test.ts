import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CodedError, STRATEGY_TEMPLATES } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { backtestOptionsOf } from '../inputs.js';
import type { BacktestJobRequest } from './run-job.js';
import { runBacktestJob } from './run-job.js';
import { spawnLabWorker, startBacktestThread } from './thread.js';

const WORKER = { path: fileURLToPath(new URL('./worker.ts', import.meta.url)), fromSource: true };
const DATA = fileURLToPath(new URL('../../../../../market-data/coinbase-btcusd-1h.csv.gz', import.meta.url));
const DAY_MS = 86_400_000;

/** A year of hourly candles (2018), the Scalper template. */
function request(overrides: Partial<BacktestJobRequest['options']> = {}): BacktestJobRequest {
  return {
    dataFile: DATA,
    dataLabel: 'coinbase-btcusd-1h.csv.gz',
    options: {
      ...backtestOptionsOf({
        startQuote: '10000',
        feePercent: '0.1',
        strategy: { ...STRATEGY_TEMPLATES.SCALPER, increaseAmountQuote: '1000' },
        fromMs: Date.UTC(2018, 0, 1),
        toMs: Date.UTC(2018, 11, 31) + DAY_MS,
      }),
      ...overrides,
    },
    strategySource: 'template SCALPER',
  };
}

describe('the backtest worker thread', () => {
  it('reports rising progress and the same report as a run on this thread', async () => {
    const seen: number[] = [];
    const thread = startBacktestThread(WORKER, request(), (fraction) => seen.push(fraction));
    const report = await thread.report;
    expect(report).toEqual(runBacktestJob(request()));
    // ~every 2 % of the candles (50 steps) and once at the end.
    expect(seen.length).toBeGreaterThanOrEqual(40);
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((value, i) => i === 0 || value > seen[i - 1]!)).toBe(true);
  }, 60_000);

  it('gives the run its coded error', async () => {
    const thread = startBacktestThread(
      WORKER,
      request({ fromMs: Date.UTC(2040, 0, 1), toMs: Date.UTC(2040, 1, 1) }),
      () => {},
    );
    await expect(thread.report).rejects.toMatchObject({ errorName: 'BACKTEST_NO_CANDLES' });
  }, 60_000);

  it('stops at once on cancel, with BACKTEST_JOB_CANCELLED', async () => {
    const thread = startBacktestThread(WORKER, request(), () => {});
    await thread.cancel();
    const error = await thread.report.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CodedError);
    expect((error as CodedError).errorName).toBe('BACKTEST_JOB_CANCELLED');
  }, 60_000);
});

/** The nice value of each of this process's threads (Linux: /proc/self/task/<tid>/stat, field 19). */
function threadNiceness(): Map<number, number> {
  const niceness = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // After "pid (comm) ": the state is field 3, the nice value field 19.
    niceness.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return niceness;
}

describe.runIf(process.platform === 'linux')('a lab worker thread with a niceness', () => {
  it('runs at that nice value while the rest of the process keeps its own', async () => {
    const before = threadNiceness();
    const worker = spawnLabWorker({ ...WORKER, niceness: 19 }, { kind: 'sweep' }, 'niceness');
    try {
      // A combination before its data: the thread answers `failed` once its entry has run.
      const answered = new Promise((resolve) => worker.once('message', resolve));
      worker.postMessage({ type: 'run', index: 0 });
      expect(await answered).toMatchObject({ type: 'failed' });
      const after = threadNiceness();
      const added = [...after].filter(([tid]) => !before.has(tid)).map(([, nice]) => nice);
      expect(added).toContain(19);
      expect(after.get(process.pid)).toBe(before.get(process.pid));
    } finally {
      await worker.terminate();
    }
  }, 60_000);
});
