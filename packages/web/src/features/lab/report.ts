import type {
  BacktestReportFill,
  BacktestReportOutcome,
  BacktestReportPosition,
  LabResult,
} from '@balancer/core';

/*
 * The parts of a stored backtest report (engine backtest/report/report-types.ts, stored whole by
 * GET /lab/results/:id) that the lab's screens read: the rows' types are core's (api/lab-report.ts),
 * the rest is restated here (the web app does not import the engine); money stays decimal text.
 */

/** One row of the comparison: the strategy or a baseline. */
export type LabOutcome = BacktestReportOutcome;
/** A fill. */
export type LabFill = BacktestReportFill;
/** A strategy position at the last close. */
export type LabPosition = BacktestReportPosition;

export interface LabReport {
  kind: 'balancer-backtest';
  data: { name: string; interval: string; candles: number; start: string; end: string; sha256: string };
  settings: {
    startQuote: string;
    strategySource: string;
    exchange: { feePercent: string };
    conventions: { irr: { statement: string }; contributions: { schedule: string } };
  };
  outcomes: LabOutcome[];
  strategy: { positions: LabPosition[]; trades: LabFill[] };
  baselineTrades: Record<string, LabFill[]>;
  series: {
    bucketMs: number;
    time: number[];
    open: number[];
    high: number[];
    low: number[];
    close: number[];
    equity: Record<string, number[]>;
  };
}

/** A stored result with its report read as a backtest's (null for a sweep). */
export function backtestReportOf(result: LabResult): LabReport | null {
  return result.kind === 'backtest' && result.report.kind === 'balancer-backtest'
    ? (result.report as unknown as LabReport)
    : null;
}
