import type {
  BacktestReport,
  BacktestReportFill,
  BacktestReportOutcome,
  BacktestReportPosition,
  LabResult,
} from '@balancer/core';

/*
 * A stored backtest report (GET /lab/results/:id) is core's type (api/lab-report.ts), the one the
 * engine builds; the lab's screens name its rows so. Money stays decimal text.
 */

/** One row of the comparison: the strategy or a baseline. */
export type LabOutcome = BacktestReportOutcome;
/** A fill. */
export type LabFill = BacktestReportFill;
/** A strategy position at the last close. */
export type LabPosition = BacktestReportPosition;

/** A stored result's report if it is a backtest's (null for a sweep). */
export function backtestReportOf(result: LabResult): BacktestReport | null {
  const { report } = result;
  return result.kind === 'backtest' && report.kind === 'balancer-backtest' ? report : null;
}
