import { DEFAULT_STRATEGY_CONFIG, type LabBacktestInputs, type LabJob } from '@balancer/core';
import type { ReadyOpsApp } from '../../testing/ready-app-ops.js';

/** A shipped data set (market-data/): a year of hourly candles per ~9,000 rows. */
export const HOURLY_SET = 'coinbase-btcusd-1h.csv.gz';
/** The larger shipped set (15 m candles): long enough to cancel mid-way. */
export const QUARTER_HOUR_SET = 'binance-btcusdt-15m.csv.gz';

/** Checked inputs of a backtest of the whole hourly set on the default strategy. */
export const LIVE_INPUTS: LabBacktestInputs = {
  dataSet: HOURLY_SET,
  from: null,
  to: null,
  startQuote: '10000',
  feePercent: '0.1',
  strategySource: 'the live strategy settings',
  strategy: DEFAULT_STRATEGY_CONFIG,
};

/** Polls the runner until the job reaches one of `statuses` (at most `ms`). */
export function jobReaching(
  ops: ReadyOpsApp,
  id: string,
  statuses: readonly LabJob['status'][],
  ms = 60_000,
): Promise<LabJob> {
  return jobWhere(ops, id, (job) => statuses.includes(job.status), ms);
}

/** Polls the runner until the job passes `test` (at most `ms`). */
export async function jobWhere(
  ops: ReadyOpsApp,
  id: string,
  test: (job: LabJob) => boolean,
  ms = 60_000,
): Promise<LabJob> {
  const until = Date.now() + ms;
  for (;;) {
    const job = ops.services.lab.runner.get(id);
    if (test(job)) return job;
    if (Date.now() > until) throw new Error(`job ${id} is still ${job.status} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
