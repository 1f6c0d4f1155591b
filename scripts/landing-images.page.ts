// The HTML page the landing images are screenshots of: our own layout in the product's colours,
// drawing a scene (landing-images.scenes.ts) with lightweight-charts from node_modules, inlined.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scene } from './landing-images.scenes.js';

// The package's exports hide dist/, so find its folder through its ESM entry (in dist/).
const ENTRY = fileURLToPath(import.meta.resolve('lightweight-charts'));
const CHARTS = readFileSync(
  path.join(path.dirname(ENTRY), 'lightweight-charts.standalone.production.js'),
  'utf8',
);

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:14px/1.4 system-ui,sans-serif;color:#0c0c0c;background:#fff}
.frame{width:1200px;height:700px;padding:24px 28px;display:flex;flex-direction:column;gap:12px}
h1{font-size:22px;margin:0}.sub{color:#525252;margin:0}.note{color:#525252;font-size:12px;margin:0}
#chart{flex:1;min-height:0;border:1px solid #e5e5e5;border-radius:8px;overflow:hidden}
.stats{display:grid;grid-template-columns:repeat(4,1fr);gap:12px}
.stat{border:1px solid #e5e5e5;border-radius:8px;padding:10px 14px}.stat b{display:block;font-size:18px}
.stat span{color:#525252;font-size:12px}
table{border-collapse:collapse;width:100%;font-size:13px}th,td{text-align:left;padding:5px 10px;border-bottom:1px solid #eee}
th{color:#525252;font-weight:600}td.inc{color:#0f766e}td.dec{color:#dc2626}
.legend{display:flex;gap:16px;font-size:12px;color:#525252}.legend i{display:inline-block;width:14px;height:3px;margin-right:6px;vertical-align:middle}
`;

/**
 * Runs in the page (plain JS: this project has no DOM types): draws the scene once the inlined
 * library has loaded, then sets window.__ready after two painted frames.
 */
const DRAW = `(scene) => {
  const lw = window.LightweightCharts;
  const chart = lw.createChart(document.getElementById('chart'), {
    autoSize: true,
    layout: { textColor: '#404040', background: { color: '#ffffff' }, fontSize: 12 },
    grid: { vertLines: { color: '#f2f2f2' }, horzLines: { color: '#f2f2f2' } },
    timeScale: { borderColor: '#e5e5e5' },
    rightPriceScale: { borderColor: '#e5e5e5' },
    localization: { priceFormatter: (price) => '$' + Math.round(price).toLocaleString('en-US') },
  });
  if (scene.kind === 'chart') {
    const candles = chart.addSeries(lw.CandlestickSeries, {
      upColor: '#0f766e', downColor: '#dc2626', wickUpColor: '#0f766e', wickDownColor: '#dc2626',
      borderVisible: false, lastValueVisible: false, priceLineVisible: false,
    });
    candles.setData(scene.bars);
    for (const line of scene.lines) candles.createPriceLine({ ...line, lineWidth: 2, axisLabelVisible: true });
    lw.createSeriesMarkers(candles, scene.markers);
  } else {
    chart.addSeries(lw.LineSeries, { color: '#0f766e', lineWidth: 2 }).setData(scene.equity.strategy);
    chart.addSeries(lw.LineSeries, { color: '#a3a3a3', lineWidth: 2 }).setData(scene.equity.hold);
  }
  chart.timeScale().fitContent();
  requestAnimationFrame(() => requestAnimationFrame(() => { window.__ready = true; }));
}`;

const esc = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function body(scene: Scene): string {
  const head = `<h1>${esc(scene.title)}</h1><p class="sub">${esc(scene.subtitle)}</p>`;
  if (scene.kind === 'chart') return `${head}<div id="chart"></div><p class="note">${esc(scene.note)}</p>`;
  const stats = scene.stats.map(
    (s) => `<div class="stat"><span>${esc(s.label)}</span><b>${esc(s.value)}</b></div>`,
  );
  const rows = scene.trades.map(
    (row) =>
      `<tr>${row.map((cell, i) => `<td${i === 1 ? ` class="${cell.startsWith('Inc') ? 'inc' : 'dec'}"` : ''}>${esc(cell)}</td>`).join('')}</tr>`,
  );
  return `${head}<div class="stats">${stats.join('')}</div>
<div class="legend"><span><i style="background:#0f766e"></i>Balancer strategy</span><span><i style="background:#a3a3a3"></i>Buy and hold</span></div>
<div id="chart"></div>
<table><thead><tr><th>Date</th><th>Action</th><th>Price</th><th>Amount</th><th>Quote</th></tr></thead><tbody>${rows.join('')}</tbody></table>
<p class="note">${esc(scene.note)}</p>`;
}

/** A self-contained page (no network): inline CSS, the chart library and the scene's data. */
export function scenePage(scene: Scene): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${STYLE}</style></head>
<body><div class="frame">${body(scene)}</div>
<script>${CHARTS}</script>
<script>(${DRAW})(${JSON.stringify(scene)});</script></body></html>`;
}
