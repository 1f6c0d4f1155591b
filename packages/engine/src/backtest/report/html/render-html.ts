import type { BacktestReport } from '../report-types.js';
import { BUY_COLOUR, candleChart, SELL_COLOUR } from './candle-chart.js';
import { drawdownChart, equityChart, legend } from './line-charts.js';
import { esc } from './svg.js';
import { activityList, outcomesTable, positionsTable, tradesTable } from './tables.js';

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px auto;max-width:1160px;color:#0f172a;padding:0 12px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}
.muted{color:#475569}.note{background:#fff7ed;border:1px solid #fdba74;border-radius:6px;padding:10px 14px}
.note p{margin:6px 0}
table{border-collapse:collapse;width:100%;font-size:13px}th,td{padding:4px 8px;border-bottom:1px solid #e2e8f0;text-align:left}
th{background:#f8fafc}.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
svg{width:100%;height:auto;font-size:11px;fill:#475569}
.grid{stroke:#e2e8f0}.frame{fill:none;stroke:#cbd5e1}.wick{stroke:#64748b}.up{fill:#cbd5e1;stroke:#64748b}.down{fill:#475569;stroke:#475569}
.entry{stroke:${BUY_COLOUR};stroke-opacity:.6}.level{stroke:${SELL_COLOUR};stroke-opacity:.4;stroke-dasharray:3 3}
.legend span{margin-right:16px;white-space:nowrap}.legend i{display:inline-block;width:14px;height:3px;margin-right:6px;vertical-align:middle}
pre{background:#f8fafc;padding:10px;overflow:auto;font-size:12px}
`;

/**
 * report.html: one self-contained page (inline CSS and SVG; no scripts, fonts or network) with
 * the data's provenance, the liquidity/coins statement, the comparison table, the price chart
 * with buys, sells and decrease levels, equity and drawdown charts, positions and fills.
 */
export function renderHtml(report: BacktestReport): string {
  const { data, settings, assumptions } = report;
  const lastDay = new Date(Date.parse(data.end) - 1).toISOString().slice(0, 10);
  const title = `Backtest ${data.name} ${data.start.slice(0, 10)} → ${lastDay}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head>
<body>
<h1>${esc(title)}</h1>
<p class="muted">${esc(`${data.candles} × ${data.interval} candles, ${data.start.slice(0, 16)} → ${data.end.slice(0, 16)} UTC · start ${settings.startQuote} quote each · fee ${settings.exchange.feePercent} % · strategy: ${settings.strategySource}`)}</p>
<p><strong>Data:</strong> ${esc(data.provenance)} <span class="muted">(file ${esc(data.file)}, sha256 ${esc(data.sha256)})</span></p>
<div class="note">
<p><strong>Liquidity in this backtest.</strong> ${esc(assumptions.liquidity)}</p>
<p><strong>Coins in this backtest.</strong> ${esc(assumptions.coins)}</p>
<p><strong>Fills.</strong> ${esc(assumptions.fills)}</p>
<p><strong>Window.</strong> ${esc(assumptions.window)}</p>
<p><strong>Conventions.</strong> ${esc(assumptions.conventions)}</p>
</div>
<h2>Strategy and baselines</h2>
${outcomesTable(report)}
<p class="muted">${esc(assumptions.baselines)}</p>
<h2>Price, fills and decrease levels</h2>
<p class="muted">One candle per ${esc(bucketLabel(report.series.bucketMs))}. Buys: teal arrows under the bar; sells: red arrows over the bar; per position, the entry price (teal) and its five decrease levels (dashed red) from open to close.</p>
${candleChart(report)}
<h2>Equity</h2>
${legend(report)}
${equityChart(report)}
<h2>Drawdown</h2>
<p class="muted">Sampled once per ${esc(bucketLabel(report.series.bucketMs))}; the table's maximum drawdown uses every candle.</p>
${drawdownChart(report)}
<h2>Positions</h2>
${positionsTable(report)}
<h2>Strategy activity</h2>
${activityList(report)}
<details><summary>Strategy fills (${report.strategy.trades.length})</summary>${tradesTable(report.strategy.trades)}</details>
<h2>Settings</h2>
<pre>${esc(JSON.stringify(settings, null, 2))}</pre>
</body></html>
`;
}

function bucketLabel(ms: number): string {
  const hours = ms / 3_600_000;
  if (hours < 24) return `${hours} h`;
  const days = hours / 24;
  return days === 1 ? 'day' : `${days} days`;
}
