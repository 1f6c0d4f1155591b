import { outcomeFigures } from '@balancer/core';
import type { BacktestReport } from './report-types.js';

/** Pads a table of cells into aligned columns (first column left, the rest right). */
function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  '),
  );
}

const percent = (value: number | null): string => (value === null ? 'n/a' : value.toFixed(2));

/** What a report's return and IRR columns say, and how the IRR's "<1y" reads. */
export const RETURN_LEGEND =
  'return % = over the period, on the whole capital; IRR %/y = a year, on the money invested (<1y: a period under a year, never annualised)';

/**
 * An outcome's return over the period on the whole capital and its IRR a year as text ("<1y"
 * under a year): core's outcomeFigures, as the lab's screens compute them.
 */
export function returnColumns(
  report: BacktestReport,
  outcome: BacktestReport['outcomes'][number],
): { periodReturn: string; irr: string } {
  const figures = outcomeFigures({
    startQuote: report.settings.startQuote,
    finalEquity: outcome.finalEquity,
    irrPercent: outcome.irrPercent,
    periodMs: Date.parse(report.data.end) - Date.parse(report.data.start),
  });
  return {
    periodReturn: percent(figures.periodReturnPercent),
    irr: figures.annualised ? percent(figures.irrPercent) : '<1y',
  };
}

/** Counts of the reversal events' decisions, e.g. "open 5, add 9, idle 20". */
export function decisionCounts(report: BacktestReport): string {
  const counts = new Map<string, number>();
  for (const event of report.strategy.stats.reversalEvents)
    counts.set(event.decision, (counts.get(event.decision) ?? 0) + 1);
  return [...counts].map(([decision, count]) => `${decision} ${count}`).join(', ') || 'none';
}

/** The contributions, the IRR convention and what cost per BTC is, on one line. */
function conventionsLine(report: BacktestReport): string {
  const { contributions, irr } = report.settings.conventions;
  const convention =
    irr.convention === 'xirr'
      ? 'XIRR (actual days, 365-day year)'
      : `periodic, ${irr.periodsPerYear} periods a year`;
  return (
    `Contributions ${contributions.cadence} (${contributions.schedule}), ${contributions.dates} × ${contributions.amount} · ` +
    `IRR ${convention} · cost/BTC = net invested ÷ BTC held`
  );
}

/** The CLI's summary: the comparison table, the strategy's activity and the assumptions. */
export function renderSummary(report: BacktestReport): string {
  const { data, settings, strategy } = report;
  const positions = strategy.positions;
  const open = positions.filter((position) => position.close === null).length;
  const header = [
    '',
    'net invested',
    'cost/BTC',
    'final value',
    'pnl',
    'equity',
    'return %',
    'IRR %/y',
    'max DD %',
    'buys',
    'sells',
  ];
  const rows = report.outcomes.map((outcome) => {
    const figures = returnColumns(report, outcome);
    return [
      outcome.label,
      outcome.netInvested,
      outcome.costPerBtc ?? 'n/a',
      outcome.finalValue,
      outcome.pnl,
      outcome.finalEquity,
      figures.periodReturn,
      figures.irr,
      percent(outcome.maxDrawdownPercent),
      String(outcome.buys),
      String(outcome.sells),
    ];
  });
  return [
    `Backtest ${data.name}: ${data.start.slice(0, 16)} → ${data.end.slice(0, 16)} UTC, ${data.candles} × ${data.interval} candles`,
    `Data: ${data.provenance}`,
    `Start ${settings.startQuote} quote each · fee ${settings.exchange.feePercent} % · strategy: ${settings.strategySource}`,
    `Exchange: lot ${settings.exchange.lotDecimals} decimals · minimum ${settings.exchange.minOrderBase} BTC and ${settings.exchange.minNotional} quote`,
    conventionsLine(report),
    RETURN_LEGEND,
    '',
    ...table([header, ...rows]),
    '',
    `Positions: ${positions.length} (${positions.length - open} closed, ${open} open) · crashes ${strategy.stats.crashes} · ` +
      `reversal events ${strategy.stats.reversalEvents.length} (${decisionCounts(report)}) · ` +
      `sells by level ${strategy.stats.decreasesByLevel.join('/')}`,
    `Liquidity: ${report.assumptions.liquidity}`,
    `Coins: ${report.assumptions.coins}`,
  ].join('\n');
}
