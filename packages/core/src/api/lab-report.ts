import type { Position } from '../positions/types.js';

/*
 * The parts of a stored backtest report (engine backtest/report/report-types.ts, GET
 * /lab/results/:id's `report`) that clients read row by row: one comparison row, one fill, one
 * position. Types only; the engine builds them and the web app shows them.
 */

/** One row of the comparison table (money: quote, 2 dp strings; percentages: numbers). */
export interface BacktestReportOutcome {
  /** `strategy` or a baseline's id (buy-and-hold, dca, value-averaging, value-averaging-no-sell). */
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
  /** Net invested ÷ BTC held (quote per BTC, 2 dp half-up); null when no BTC is held. */
  costPerBtc: string | null;
}

/** A fill as the report lists it. */
export interface BacktestReportFill {
  id: string;
  side: 'BUY' | 'SELL';
  /** ISO time of the fill. */
  time: string;
  timeMs: number;
  price: string;
  amount: string;
  quoteAmount: string;
  commission: string;
  /** Decrease level (1–5 as shown to operators) of a strategy sell; null otherwise. */
  level: number | null;
}

/** A strategy position at the last close (core's Position plus display times). */
export interface BacktestReportPosition extends Omit<Position, 'actions'> {
  openTime: string;
  closeTime: string | null;
  trades: number;
}
