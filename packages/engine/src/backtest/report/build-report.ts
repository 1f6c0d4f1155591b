import type { OrderReason, Position, Trade } from '@balancer/core';
import { intervalLabel } from '../../market-data/candle-table.js';
import type { CandleSource } from '../../market-data/load-candles.js';
import { contributionsOf } from '../baselines/baselines.js';
import { DEFAULT_BASELINE_CONVENTIONS } from '../baselines/conventions.js';
import { irrConventionText } from '../metrics/irr-convention.js';
import type { Outcome } from '../outcome.js';
import type { BacktestOptions, BacktestResult } from '../run-backtest.js';
import type {
  BacktestReport,
  ReportConventions,
  ReportOutcome,
  ReportPosition,
  ReportTrade,
} from './report-types.js';
import { assumptions, conventionsStatement } from './statements.js';

const iso = (ms: number): string => new Date(ms).toISOString();

/** The comparison-table row of an outcome. */
export function outcomeRow(outcome: Outcome): ReportOutcome {
  const { trades: _trades, equity: _equity, ...row } = outcome;
  return row;
}

function tradeRow(trade: Trade, level: number | null, reason: OrderReason | null): ReportTrade {
  const { commissionAsset: _asset, ...rest } = trade;
  return { ...rest, time: iso(trade.time), timeMs: trade.time, level, reason };
}

function positionRow(position: Position, trades: number): ReportPosition {
  const { actions: _actions, ...rest } = position;
  return {
    ...rest,
    openTime: iso(position.open),
    closeTime: position.close === null ? null : iso(position.close),
    trades,
  };
}

/** The chart series: candles merged per bucket, equity at each bucket's last candle. */
function series(result: BacktestResult): BacktestReport['series'] {
  const { table, samples, bucketMs } = result.frame;
  const out: BacktestReport['series'] = {
    bucketMs,
    time: [],
    open: [],
    high: [],
    low: [],
    close: [],
    equity: {},
  };
  let first = 0;
  for (const last of samples) {
    let high = Number.NEGATIVE_INFINITY;
    let low = Number.POSITIVE_INFINITY;
    for (let i = first; i <= last; i++) {
      high = Math.max(high, table.high[i]!);
      low = Math.min(low, table.low[i]!);
    }
    out.time.push(Math.floor(table.time[first]! / bucketMs) * bucketMs);
    out.open.push(table.open[first]!);
    out.high.push(high);
    out.low.push(low);
    out.close.push(table.close[last]!);
    first = last + 1;
  }
  for (const outcome of [result.strategy.outcome, ...result.baselines]) {
    out.equity[outcome.id] = Array.from(outcome.equity, (value) => Math.round(value * 100) / 100);
  }
  return out;
}

/** The conventions the run used, as the report states them. */
function reportConventions(result: BacktestResult, options: BacktestOptions): ReportConventions {
  const chosen = options.conventions ?? DEFAULT_BASELINE_CONVENTIONS;
  const { dates, amount, phrase } = contributionsOf(result.frame, chosen);
  const { irr } = chosen;
  return {
    contributions: {
      ...chosen.schedule,
      amount: chosen.contribution ?? amount.toFixed(2),
      amountGiven: chosen.contribution !== null,
      dates: dates.length,
      schedule: phrase,
    },
    baselines: [...chosen.baselines],
    irr: {
      convention: irr.kind,
      periodsPerYear: irr.kind === 'periodic' ? irr.periodsPerYear : null,
      statement: irrConventionText(irr),
    },
  };
}

/** Builds report.json's content from a finished backtest. */
export function buildReport(
  result: BacktestResult,
  options: BacktestOptions,
  source: CandleSource,
  strategySource: string,
): BacktestReport {
  const { table } = result.frame;
  const { strategy } = result;
  const conventions = reportConventions(result, options);
  const weekly = conventions.contributions.amount;
  const tradesPerPosition = new Map<number, number>();
  for (const trade of strategy.outcome.trades) {
    const owner = strategy.positions.findLast((position) => position.open <= trade.time);
    if (owner) tradesPerPosition.set(owner.open, (tradesPerPosition.get(owner.open) ?? 0) + 1);
  }
  return {
    kind: 'balancer-backtest',
    version: 1,
    data: {
      file: source.file,
      name: source.name,
      layout: source.layout,
      gzip: source.gzip,
      sha256: source.sha256,
      knownDataSet: source.known,
      provenance: source.provenance,
      interval: intervalLabel(table.intervalMs),
      candles: table.length,
      start: iso(table.time[0]!),
      end: iso(table.time[table.length - 1]! + table.intervalMs),
    },
    settings: {
      startQuote: options.startQuote,
      exchange: options.exchange,
      strategySource,
      strategy: options.strategy,
      window: { ...options.window, interval: intervalLabel(table.intervalMs) },
      reversal: options.reversal,
      proxies: options.proxies,
      baselineWeeklyAmount: weekly,
      conventions,
    },
    assumptions: {
      ...assumptions(options, table.intervalMs, weekly),
      conventions: conventionsStatement(conventions),
    },
    outcomes: [strategy.outcome, ...result.baselines].map(outcomeRow),
    strategy: {
      stats: strategy.stats,
      positions: strategy.positions.map((position) =>
        positionRow(position, tradesPerPosition.get(position.open) ?? 0),
      ),
      trades: strategy.outcome.trades.map((trade) => {
        const level = strategy.sellLevels[trade.id];
        return tradeRow(trade, level === undefined ? null : level + 1, strategy.reasons[trade.id] ?? null);
      }),
    },
    baselineTrades: Object.fromEntries(
      result.baselines.map((outcome) => [
        outcome.id,
        outcome.trades.map((trade) => tradeRow(trade, null, null)),
      ]),
    ),
    series: series(result),
  };
}
