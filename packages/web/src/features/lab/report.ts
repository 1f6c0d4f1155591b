import type { LabResult } from '@balancer/core';

/*
 * The parts of a stored backtest report (engine backtest/report/report-types.ts, stored whole by
 * GET /lab/results/:id) that the lab's screens read. The web app does not import the engine, so
 * the shapes are restated here; money stays the report's decimal text.
 */

/** One row of the comparison: the strategy or a baseline. */
export interface LabOutcome {
  id: string;
  label: string;
  buys: number;
  sells: number;
  netInvested: string;
  finalValue: string;
  finalEquity: string;
  pnl: string;
  irrPercent: number | null;
  maxDrawdownPercent: number;
  feesPaid: string;
  baseHeld: string;
  costPerBtc: string | null;
}

/** A fill. */
export interface LabFill {
  id: string;
  side: 'BUY' | 'SELL';
  time: string;
  timeMs: number;
  price: string;
  amount: string;
  quoteAmount: string;
  commission: string;
  /** Decrease level (1–5) of a strategy sell; null otherwise. */
  level: number | null;
}

/** A strategy position at the last close. */
export interface LabPosition {
  open: number;
  close: number | null;
  openTime: string;
  closeTime: string | null;
  entryPrice: string;
  amount: string;
  amountQuote: string;
  amountQuoteIn: string;
  amountQuoteOut: string;
  pnl: string;
  roi: number;
  decreasePriceLevels: string[];
  trades: number;
}

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
