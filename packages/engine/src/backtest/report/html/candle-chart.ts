import type { BacktestReport, ReportTrade } from '../report-types.js';
import { axes, CHART_BOX, dateTicks, day, esc, linear, niceTicks, num, svg } from './svg.js';

export const BUY_COLOUR = '#0f766e';
export const SELL_COLOUR = '#dc2626';

const BOX = { ...CHART_BOX, height: 440 };

/**
 * The price chart: one candle per bucket (merged from the data's candles), buy markers (arrow up
 * under the bar, #0f766e), sell markers (arrow down over the bar, #dc2626), and each position's
 * entry price and five decrease levels drawn from its open to its close.
 */
export function candleChart(report: BacktestReport): string {
  const { series } = report;
  const n = series.time.length;
  const lows = Math.min(...series.low);
  const highs = Math.max(...series.high);
  const pad = (highs - lows) * 0.06;
  const y = linear(lows - pad, highs + pad, BOX.height - BOX.bottom, BOX.top);
  const slot = (BOX.width - BOX.left - BOX.right) / Math.max(n, 1);
  const x = (index: number) => BOX.left + (index + 0.5) * slot;
  const body = Math.max(1, slot * 0.7);
  const bucketOf = (ms: number) => bucketIndex(series.time, ms);
  const parts: string[] = [
    axes(
      BOX,
      dateTicks(series.time, x),
      niceTicks(lows - pad, highs + pad, 6).map((value) => ({ at: y(value), label: num(value, 0) })),
    ),
  ];
  for (let i = 0; i < n; i++) {
    const up = series.close[i]! >= series.open[i]!;
    const top = y(Math.max(series.open[i]!, series.close[i]!));
    const height = Math.max(1, y(Math.min(series.open[i]!, series.close[i]!)) - top);
    parts.push(
      `<line x1="${x(i).toFixed(1)}" x2="${x(i).toFixed(1)}" y1="${y(series.high[i]!).toFixed(1)}" y2="${y(series.low[i]!).toFixed(1)}" class="wick"/>`,
      `<rect x="${(x(i) - body / 2).toFixed(1)}" y="${top.toFixed(1)}" width="${body.toFixed(1)}" height="${height.toFixed(1)}" class="${up ? 'up' : 'down'}"/>`,
    );
  }
  for (const position of report.strategy.positions) {
    const from = x(bucketOf(position.open)) - slot / 2;
    const to = x(position.close === null ? n - 1 : bucketOf(position.close)) + slot / 2;
    const levels = position.decreasePriceLevels.map(Number);
    parts.push(hline(from, to, y(Number(position.entryPrice)), 'entry', `entry ${position.entryPrice}`));
    levels.forEach((level, i) => {
      parts.push(hline(from, to, y(level), 'level', `decrease level ${i + 1}: ${level}`));
    });
  }
  parts.push(
    markers(report.strategy.trades, bucketOf, x, (i, side) =>
      y(side === 'BUY' ? series.low[i]! : series.high[i]!),
    ),
  );
  return svg(BOX, 'Price with the strategy’s buys, sells and decrease levels', parts.join(''));
}

function hline(from: number, to: number, at: number, kind: string, title: string): string {
  return `<line x1="${from.toFixed(1)}" x2="${to.toFixed(1)}" y1="${at.toFixed(1)}" y2="${at.toFixed(1)}" class="${kind}"><title>${esc(title)}</title></line>`;
}

/**
 * One arrow per bucket and side; several fills in one bucket show their count next to the arrow
 * (the tooltip lists them all), so busy days stay inside the chart.
 */
function markers(
  trades: ReportTrade[],
  bucketOf: (ms: number) => number,
  x: (index: number) => number,
  anchor: (index: number, side: 'BUY' | 'SELL') => number,
): string {
  const groups = new Map<string, { index: number; side: 'BUY' | 'SELL'; lines: string[] }>();
  for (const trade of trades) {
    const index = bucketOf(trade.timeMs);
    const key = `${trade.side}${index}`;
    const group = groups.get(key) ?? { index, side: trade.side, lines: [] };
    const what = trade.side === 'BUY' ? 'Buy' : `Sell${trade.level ? ` (level ${trade.level})` : ''}`;
    group.lines.push(
      `${what} ${trade.amount} BTC at ${trade.price}, ${day(trade.timeMs)} ${trade.time.slice(11, 16)} UTC`,
    );
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ index, side, lines }) => {
      const cx = x(index);
      const buy = side === 'BUY';
      const tip = anchor(index, side) + (buy ? 4 : -4);
      const label =
        lines.length > 1
          ? `<text x="${(cx + 6).toFixed(1)}" y="${(tip + (buy ? 9 : -3)).toFixed(1)}">×${lines.length}</text>`
          : '';
      const arrow = buy ? `l5 8h-10z` : `l5 -8h-10z`;
      const colour = buy ? BUY_COLOUR : SELL_COLOUR;
      return `<g><path d="M${cx.toFixed(1)} ${tip.toFixed(1)}${arrow}" fill="${colour}"/>${label}<title>${esc(lines.join('\n'))}</title></g>`;
    })
    .join('');
}

/** The bucket whose start is the last ≤ ms (clamped to the series). */
export function bucketIndex(times: number[], ms: number): number {
  let lo = 0;
  let hi = times.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (times[mid]! <= ms) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
