import type {
  BacktestReport,
  BacktestReportConventions,
  BacktestReportFill,
  BacktestReportOutcome,
  BacktestReportPosition,
} from '@balancer/core';

/*
 * A backtest's report is core's wire type (api/lab-report.ts): the engine builds it
 * (build-report.ts), the CLI writes it to report.json, the server stores and serves it and the web
 * app reads it. These are the engine's names for it and its parts.
 */

export type { BacktestReport };

/** One row of the comparison table. */
export type ReportOutcome = BacktestReportOutcome;

/** The conventions of the comparison, as chosen (docs/backtesting.md, Conventions). */
export type ReportConventions = BacktestReportConventions;

/** A fill as the report lists it. */
export type ReportTrade = BacktestReportFill;

/** A strategy position at the last close (core's Position plus display times). */
export type ReportPosition = BacktestReportPosition;
