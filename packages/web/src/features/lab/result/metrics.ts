import { type BacktestReport, type OutcomeFigures, outcomeFigures, spansAYear } from '@balancer/core';
import { formatDecimal } from '../../../lib/locale-number';
import { fillsTimeInMarket, positionsTimeInMarket } from './time-in-market';

/** One line of the metrics table: a figure for each outcome (strategy and baselines), as shown. */
export interface MetricsRow {
  label: string;
  values: string[];
}

/** A column of the table: one outcome of one stored result. */
export interface MetricsColumn {
  /** "Strategy", "DCA", … (with the result's number on Compare). */
  label: string;
  report: BacktestReport;
  outcomeId: string;
}

const money = (text: string) => formatDecimal(text, { decimalPlaces: 2 });
const percent = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(2)} %`);

/** The share of the report's period in which the outcome held BTC, 0–1. */
export function timeInMarketOf(report: BacktestReport, outcomeId: string): number {
  const start = Date.parse(report.data.start);
  const end = Date.parse(report.data.end);
  return outcomeId === 'strategy'
    ? positionsTimeInMarket(report.strategy.positions, start, end)
    : fillsTimeInMarket(report.baselineTrades[outcomeId] ?? [], start, end);
}

/** The report's period in ms: the first candle's open to the last's close. */
export const reportPeriodMs = (report: BacktestReport): number =>
  Date.parse(report.data.end) - Date.parse(report.data.start);

/** An outcome's figures as every lab screen shows them (core's outcomeFigures; the list uses it too). */
export function figuresOf(report: BacktestReport, outcomeId: string): OutcomeFigures | null {
  const outcome = report.outcomes.find((candidate) => candidate.id === outcomeId);
  if (!outcome) return null;
  return outcomeFigures({
    startQuote: report.settings.startQuote,
    finalEquity: outcome.finalEquity,
    irrPercent: outcome.irrPercent,
    periodMs: reportPeriodMs(report),
  });
}

const signed = (value: number | null) =>
  value === null ? 'n/a' : `${value > 0 ? '+' : ''}${value.toFixed(2)} %`;

/**
 * The metrics table's rows: final value (equity: quote + BTC at the last close), P&L and the
 * return over the period on the whole capital (core's outcomeFigures, as the Results list shows
 * them); for a period of a year or more the return a year and the IRR a year on the money
 * invested (its convention named in the label): a shorter period is never annualised. Then net
 * invested, max drawdown, trades, fees, cost per BTC and time in market. A column whose outcome
 * the report lacks shows "n/a".
 */
export function metricsRows(columns: readonly MetricsColumn[]): MetricsRow[] {
  const outcomes = columns.map((column) =>
    column.report.outcomes.find((outcome) => outcome.id === column.outcomeId),
  );
  const conventions = [...new Set(columns.map((column) => column.report.settings.conventions.irr.statement))];
  const row = (label: string, value: (i: number) => string | null): MetricsRow => ({
    label,
    values: columns.map((_, i) => (outcomes[i] === undefined ? 'n/a' : (value(i) ?? 'n/a'))),
  });
  const o = (i: number) => outcomes[i]!;
  const figures = columns.map((column) => figuresOf(column.report, column.outcomeId));
  const f = (i: number) => figures[i]!;
  const annual = columns.every((column) => spansAYear(reportPeriodMs(column.report)));
  return [
    row('Final value (quote + BTC)', (i) => money(f(i).finalValue)),
    row('P&L (final value − starting cash)', (i) => money(f(i).pnl)),
    row('Return over the period, on the whole capital', (i) => signed(f(i).periodReturnPercent)),
    ...(annual
      ? [
          row('Return a year, on the whole capital', (i) => signed(f(i).annualReturnPercent)),
          row(`IRR a year, on the money invested (${conventions.join('; ')})`, (i) =>
            percent(f(i).irrPercent),
          ),
        ]
      : []),
    row('Net invested (buys − sells, fees included)', (i) => money(o(i).netInvested)),
    row('Max drawdown', (i) => percent(-Math.abs(o(i).maxDrawdownPercent))),
    row('Trades (buys / sells)', (i) => `${o(i).buys + o(i).sells} (${o(i).buys} / ${o(i).sells})`),
    row('Fees', (i) => money(o(i).feesPaid)),
    row('Cost per BTC', (i) => (o(i).costPerBtc === null ? null : money(o(i).costPerBtc!))),
    row('BTC held', (i) => o(i).baseHeld),
    row('Time in market', (i) => percent(timeInMarketOf(columns[i]!.report, columns[i]!.outcomeId) * 100)),
  ];
}
