import type { BacktestReport } from '@balancer/core';
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

/**
 * The metrics table's rows: final value (equity: quote + BTC at the last close), net invested,
 * PnL, IRR under the report's convention (named in the label), max drawdown, trades, fees, cost
 * per BTC and time in market. A column whose outcome the report lacks shows "n/a".
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
  return [
    row('Final value (quote + BTC)', (i) => money(o(i).finalEquity)),
    row('Net invested', (i) => money(o(i).netInvested)),
    row('PnL', (i) => money(o(i).pnl)),
    row(`IRR (${conventions.join('; ')})`, (i) => percent(o(i).irrPercent)),
    row('Max drawdown', (i) => percent(-Math.abs(o(i).maxDrawdownPercent))),
    row('Trades (buys / sells)', (i) => `${o(i).buys + o(i).sells} (${o(i).buys} / ${o(i).sells})`),
    row('Fees', (i) => money(o(i).feesPaid)),
    row('Cost per BTC', (i) => (o(i).costPerBtc === null ? null : money(o(i).costPerBtc!))),
    row('BTC held', (i) => o(i).baseHeld),
    row('Time in market', (i) => percent(timeInMarketOf(columns[i]!.report, columns[i]!.outcomeId) * 100)),
  ];
}
