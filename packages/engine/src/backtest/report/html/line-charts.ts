import { drawdownSeries } from '../../metrics/drawdown.js';
import type { BacktestReport } from '../report-types.js';
import { axes, CHART_BOX, dateTicks, esc, linear, niceTicks, num, path, svg } from './svg.js';

/** Line colour per outcome id (the strategy stands out in blue). */
export const LINE_COLOURS: Record<string, string> = {
  strategy: '#2563eb',
  'buy-and-hold': '#f59e0b',
  dca: '#7c3aed',
  'value-averaging': '#64748b',
  'value-averaging-no-sell': '#0d9488',
};

/** One line per outcome over the chart buckets, with a 5 % margin above and below. */
function lines(
  report: BacktestReport,
  title: string,
  values: Record<string, number[]>,
  format: (value: number) => string,
): string {
  const box = CHART_BOX;
  const all = Object.values(values).flat();
  const min = Math.min(...all);
  const max = Math.max(...all);
  const pad = (max - min) * 0.05 || 1;
  const y = linear(min - pad, max + pad, box.height - box.bottom, box.top);
  const n = report.series.time.length;
  const x = linear(0, Math.max(n - 1, 1), box.left, box.width - box.right);
  const parts = [
    axes(
      box,
      dateTicks(report.series.time, x),
      niceTicks(min - pad, max + pad, 5).map((value) => ({ at: y(value), label: format(value) })),
    ),
  ];
  for (const outcome of report.outcomes) {
    const series = values[outcome.id];
    if (!series) continue;
    const colour = LINE_COLOURS[outcome.id] ?? '#000';
    parts.push(
      `<path d="${path(series.map((value, i) => [x(i), y(value)]))}" fill="none" stroke="${colour}" stroke-width="${outcome.id === 'strategy' ? 2 : 1.3}"><title>${esc(outcome.label)}</title></path>`,
    );
  }
  return svg(box, title, parts.join(''));
}

/** Equity (cash + BTC × close) of the strategy and the baselines. */
export function equityChart(report: BacktestReport): string {
  return lines(report, 'Equity: cash + BTC at the close', report.series.equity, (value) => num(value, 0));
}

/** Drawdown below each curve's running peak, % (as negative values). */
export function drawdownChart(report: BacktestReport): string {
  const values: Record<string, number[]> = {};
  for (const [id, equity] of Object.entries(report.series.equity)) {
    values[id] = drawdownSeries(equity).map((value) => -value);
  }
  return lines(report, 'Drawdown from the running peak, %', values, (value) => `${num(value, 0)} %`);
}

/** The colour legend of the line charts. */
export function legend(report: BacktestReport): string {
  return `<p class="legend">${report.outcomes
    .map(
      (outcome) =>
        `<span><i style="background:${LINE_COLOURS[outcome.id] ?? '#000'}"></i>${esc(outcome.label)}</span>`,
    )
    .join('')}</p>`;
}
