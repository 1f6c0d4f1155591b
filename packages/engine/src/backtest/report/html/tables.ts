import { describeOrderReason } from '@balancer/core';
import type { BacktestReport, ReportTrade } from '../report-types.js';
import { decisionCounts, returnColumns } from '../summary-text.js';
import { esc } from './svg.js';

/** An HTML table; cells are escaped; `numeric` columns are right-aligned. */
export function htmlTable(header: string[], rows: string[][], numeric: boolean[] = []): string {
  const cell = (tag: string, text: string, i: number) =>
    `<${tag}${numeric[i] ? ' class="n"' : ''}>${esc(text)}</${tag}>`;
  return (
    `<table><thead><tr>${header.map((text, i) => cell('th', text, i)).join('')}</tr></thead>` +
    `<tbody>${rows.map((row) => `<tr>${row.map((text, i) => cell('td', text, i)).join('')}</tr>`).join('')}</tbody></table>`
  );
}

const pct = (value: number | null): string => (value === null ? 'n/a' : `${value.toFixed(2)} %`);

/** The strategy against the baselines. */
export function outcomesTable(report: BacktestReport): string {
  return htmlTable(
    [
      '',
      'Net invested',
      'Cost per BTC',
      'Final BTC value',
      'PnL',
      'Final equity',
      'Return over the period (on the whole capital)',
      'IRR a year (on the money invested; <1y: a period under a year, never annualised)',
      'Max drawdown',
      'Fees',
      'Buys',
      'Sells',
    ],
    report.outcomes.map((o) => [
      o.label,
      o.netInvested,
      o.costPerBtc ?? 'n/a',
      o.finalValue,
      o.pnl,
      o.finalEquity,
      `${returnColumns(report, o).periodReturn} %`,
      returnColumns(report, o).irr,
      pct(o.maxDrawdownPercent),
      o.feesPaid,
      String(o.buys),
      String(o.sells),
    ]),
    [false, true, true, true, true, true, true, true, true, true, true, true],
  );
}

/** The strategy's positions with their pnl and roi at the last close. */
export function positionsTable(report: BacktestReport): string {
  if (report.strategy.positions.length === 0) return '<p>No position was opened.</p>';
  return htmlTable(
    [
      '#',
      'Opened',
      'Closed',
      'Entry',
      'BTC held',
      'Quote in',
      'Quote out',
      'Value',
      'PnL',
      'ROI',
      'Gain',
      'Trades',
      'Decrease levels',
    ],
    report.strategy.positions.map((p, i) => [
      String(i + 1),
      p.openTime.slice(0, 16).replace('T', ' '),
      p.closeTime === null ? 'open' : p.closeTime.slice(0, 16).replace('T', ' '),
      p.entryPrice,
      p.amount,
      p.amountQuoteIn,
      p.amountQuoteOut,
      p.amountQuote,
      p.pnl,
      pct(p.roi),
      pct(p.gain),
      String(p.trades),
      p.decreasePriceLevels.join(' · '),
    ]),
    [true, false, false, true, true, true, true, true, true, true, true, true, false],
  );
}

/** Every fill of one strategy. */
export function tradesTable(trades: ReportTrade[]): string {
  if (trades.length === 0) return '<p>No fills.</p>';
  return htmlTable(
    ['Time (UTC)', 'Side', 'Level', 'Price', 'BTC', 'Quote', 'Fee', 'Why'],
    trades.map((t) => [
      t.time.slice(0, 16).replace('T', ' '),
      t.side,
      t.level === null ? '' : String(t.level),
      t.price,
      t.amount,
      t.quoteAmount,
      t.commission,
      t.reason === undefined ? '' : describeOrderReason(t.reason),
    ]),
    [false, false, true, true, true, true, true, false],
  );
}

/** What the reversal indicator and the decisions did. */
export function activityList(report: BacktestReport): string {
  const { stats } = report.strategy;
  const items = [
    `Window warm-up: ${stats.warmupCandles} candles without decisions`,
    `Crash states: ${stats.crashes}`,
    `Reversal events: ${stats.reversalEvents.length} — decisions: ${decisionCounts(report)}`,
    `Sells by decrease level 1–5: ${stats.decreasesByLevel.join(' / ')}`,
    `Decrease checks run by core: ${stats.decreaseChecks}`,
    `Orders refused by the simulated exchange: ${stats.rejectedOrders}`,
  ];
  return `<ul>${items.map((item) => `<li>${esc(item)}</li>`).join('')}</ul>`;
}
