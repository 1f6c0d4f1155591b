import {
  type BacktestOutcomeId,
  type BacktestReport,
  DEFAULT_REVERSAL_CONFIG,
  DEFAULT_STRATEGY_CONFIG,
  type LabResult,
} from '@balancer/core';
import type { LabFill, LabOutcome } from './report';

/*
 * Test-only: a small backtest report in the stored shape (two days of 6-hour buckets, two
 * strategy positions, a DCA baseline) and a stored result around it.
 */

const DAY = 86_400_000;
export const START = Date.parse('2025-01-01T00:00:00Z');

export function fill(over: Partial<LabFill> & Pick<LabFill, 'id' | 'side' | 'timeMs'>): LabFill {
  return {
    time: new Date(over.timeMs).toISOString(),
    price: '100000.00',
    amount: '0.01000',
    quoteAmount: '1000.00',
    commission: '1.00',
    level: null,
    ...over,
  };
}

export function outcome(id: BacktestOutcomeId, label: string, over: Partial<LabOutcome> = {}): LabOutcome {
  return {
    id,
    label,
    buys: 2,
    sells: 1,
    netInvested: '2000.00',
    finalValue: '2100.00',
    finalEquity: '10100.00',
    pnl: '100.00',
    irrPercent: 12.5,
    maxDrawdownPercent: 3.25,
    feesPaid: '3.00',
    baseHeld: '0.02000',
    costPerBtc: '100000.00',
    ...over,
  };
}

export function labReport(over: Partial<BacktestReport> = {}): BacktestReport {
  const time = Array.from({ length: 8 }, (_, i) => START + i * (DAY / 4));
  return {
    kind: 'balancer-backtest',
    version: 1,
    data: {
      file: 'binance-btcusdt-15m.csv.gz',
      name: 'BTC/USDT 15m',
      layout: 'binance-klines',
      gzip: true,
      knownDataSet: true,
      provenance: 'Binance BTC/USDT 15m klines',
      interval: '15m',
      candles: 192,
      start: new Date(START).toISOString(),
      end: new Date(START + 2 * DAY).toISOString(),
      sha256: 'ab'.repeat(32),
    },
    settings: {
      startQuote: '10000',
      exchange: { feePercent: '0.1', minOrderBase: '0.0002', minNotional: '10', lotDecimals: 5 },
      strategySource: 'template SCALPER',
      strategy: DEFAULT_STRATEGY_CONFIG,
      window: { size: 256, requirement: 1, strongRequirement: 2, interval: '15m' },
      reversal: DEFAULT_REVERSAL_CONFIG,
      proxies: { liquidityCandles: 1 },
      baselineWeeklyAmount: '5000.00',
      conventions: {
        contributions: {
          cadence: 'daily',
          weekday: null,
          monthDay: null,
          hour: 0,
          amount: '5000.00',
          amountGiven: false,
          dates: 2,
          schedule: 'every day at 00:00 UTC',
        },
        baselines: ['dca'],
        irr: { convention: 'xirr', periodsPerYear: null, statement: 'XIRR on actual days' },
      },
    },
    assumptions: {
      liquidity: 'a proxy',
      coins: 'BTC alone',
      fills: 'at the close',
      window: 'from the candles',
      baselines: 'DCA',
      conventions: 'daily contributions',
    },
    outcomes: [outcome('strategy', 'Strategy'), outcome('dca', 'DCA', { sells: 0, irrPercent: null })],
    strategy: {
      stats: {
        warmupCandles: 0,
        crashes: 0,
        crashPeriods: [],
        reversalEvents: [],
        decreasesByLevel: [1, 0, 0, 0, 0],
        decreaseChecks: 10,
        rejectedOrders: 0,
      },
      positions: [
        {
          open: START,
          close: START + DAY / 2,
          openTime: new Date(START).toISOString(),
          closeTime: new Date(START + DAY / 2).toISOString(),
          entryPrice: '100000',
          amount: '0',
          amountQuote: '0',
          amountQuoteIn: '1000',
          amountQuoteOut: '1030',
          pnl: '30',
          roi: 3,
          gain: 3,
          decreasePriceLevels: ['103000', '106000', '109000', '112000', '115000'],
          trades: 2,
        },
        {
          open: START + DAY,
          close: null,
          openTime: new Date(START + DAY).toISOString(),
          closeTime: null,
          entryPrice: '99000',
          amount: '0.01',
          amountQuote: '990',
          amountQuoteIn: '990',
          amountQuoteOut: '0',
          pnl: '0',
          roi: 0,
          gain: -1,
          decreasePriceLevels: ['101970', '104940', '107910', '110880', '113850'],
          trades: 1,
        },
      ],
      trades: [
        fill({ id: 's1', side: 'BUY', timeMs: START }),
        fill({ id: 's2', side: 'SELL', timeMs: START + DAY / 2, price: '103000.00', level: 1 }),
        fill({ id: 's3', side: 'BUY', timeMs: START + DAY, price: '99000.00' }),
      ],
    },
    baselineTrades: {
      dca: [
        fill({ id: 'd1', side: 'BUY', timeMs: START }),
        fill({ id: 'd2', side: 'BUY', timeMs: START + DAY }),
      ],
    },
    series: {
      bucketMs: DAY / 4,
      time,
      open: time.map(() => 100000),
      high: time.map(() => 101000),
      low: time.map(() => 99000),
      close: time.map(() => 100500),
      equity: {
        strategy: [10000, 10100, 9900, 10200, 10150, 10300, 10250, 10100],
        dca: [10000, 10000, 10050, 10100, 9950, 10000, 10080, 10100],
      },
    },
    ...over,
  };
}

export function labResult(id: number, report: BacktestReport = labReport()): LabResult {
  return {
    id,
    jobId: '00000000-0000-4000-8000-000000000001',
    kind: 'backtest',
    createdAt: START + 3 * DAY,
    createdBy: 'root',
    appVersion: '0.1.0',
    dataSet: 'binance-btcusdt-15m.csv.gz',
    dataSha256: report.data.sha256,
    inputs: {} as LabResult['inputs'],
    outcomes: report.outcomes,
    report,
  };
}
