import type { LabDataSet, LabJob, LabResultSummary } from '@balancer/core';
import { DEFAULT_STRATEGY_CONFIG } from '@balancer/core';

/** The shipped 15 m set as GET /lab/data-sets lists it (2024-11-01 … 2025-10-31). */
export const QUARTER_SET: LabDataSet = {
  name: 'binance-btcusdt-15m.csv.gz',
  origin: 'shipped',
  bytes: 1_234_567,
  timeframe: '15m',
  provenance: 'Binance BTC/USDT',
  candles: 35_040,
  fromMs: Date.UTC(2024, 10, 1),
  toMs: Date.UTC(2025, 9, 31, 23, 45),
  missingCandles: 3,
};

export const DOWNLOADED_SET: LabDataSet = {
  ...QUARTER_SET,
  name: 'binance-BTC-USDT-1h.candles',
  origin: 'downloaded',
  timeframe: '1h',
  bytes: 2048,
};

export function labJob(overrides: Partial<LabJob> = {}): LabJob {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    kind: 'backtest',
    status: 'running',
    progress: 0.4,
    createdAt: 1,
    startedAt: 2,
    finishedAt: null,
    createdBy: 'root',
    inputs: {
      dataSet: QUARTER_SET.name,
      from: null,
      to: null,
      startQuote: '10000',
      feePercent: '0.1',
      strategySource: 'the live strategy settings',
      strategy: DEFAULT_STRATEGY_CONFIG,
    },
    resultId: null,
    error: null,
    ...overrides,
  };
}

export function backtestSummary(id: number): LabResultSummary {
  return {
    id,
    jobId: `job-${id}`,
    kind: 'backtest',
    createdAt: Date.UTC(2026, 10, 24, 12, 30),
    createdBy: 'root',
    appVersion: '1.0.0',
    dataSet: QUARTER_SET.name,
    dataSha256: 'ab',
    inputs: {
      dataSet: QUARTER_SET.name,
      from: '2025-08-01',
      to: '2025-10-31',
      startQuote: '10000',
      feePercent: '0.1',
      strategySource: 'template SCALPER',
      strategy: DEFAULT_STRATEGY_CONFIG,
    },
    outcomes: [
      // finalValue is the BTC's value only; finalEquity the whole account (what the list shows).
      { id: 'strategy', label: 'Strategy', finalValue: '461.32', finalEquity: '10450.12', pnl: '450.12' },
      { id: 'dca', label: 'DCA', finalValue: '10100.00', finalEquity: '10100.00', pnl: '100.00' },
    ],
  };
}

export function sweepSummary(id: number): LabResultSummary {
  const base = backtestSummary(id);
  return {
    ...base,
    kind: 'sweep',
    inputs: {
      ...base.inputs,
      ranges: [{ parameter: 'increaseGainRequirement', from: -2, to: 0, step: 1 }],
      search: { kind: 'grid' },
      metric: 'return-drawdown',
      trainFraction: 0.7,
      combinations: 3,
    },
    outcomes: [{ id: 'row-0', label: 'increaseGainRequirement=-1' }],
  };
}
