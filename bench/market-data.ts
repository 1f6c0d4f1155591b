// Candle-set benchmark (`npm run bench -- market-data`): loading 1,000,000 candles from a candle
// file of our own (what `data download` writes) against parsing the same candles from CSV, and
// against a bare read of the file's bytes in the same run. Prints figures only.
//   candle_file_load_ms     readCandleFile of 1 M candles (median of RUNS)
//   candle_file_candles_per_s
//   candle_file_vs_read     that ÷ readFileSync of the same file (the bare baseline)
//   csv_load_ms             loadCandleFile of the same candles as a Binance-layout CSV
//   csv_vs_candle_file      how many times slower the CSV is
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CandleTable, loadCandleFile, readCandleFile, writeCandleFile } from '@balancer/engine';
import { repeatedYear } from './candles.js';
import { median } from './stats.mjs';

const CANDLES = 1_000_000;
const RUNS = 5;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function csvOf(table: CandleTable): string {
  const lines = ['Open_Time,Open,High,Low,Close,Volume'];
  for (let i = 0; i < table.length; i++) {
    const time = new Date(table.time[i]!).toISOString().slice(0, 19).replace('T', ' ');
    lines.push(
      `${time},${table.open[i]},${table.high[i]},${table.low[i]},${table.close[i]},${table.volume[i]}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function timed(work: () => unknown): number[] {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return times;
}

const { table: year } = loadCandleFile(path.join(ROOT, 'market-data/binance-btcusdt-15m.csv.gz'));
const table = repeatedYear(year, CANDLES);
const dir = mkdtempSync(path.join(tmpdir(), 'balancer-bench-candles-'));
try {
  const file = path.join(dir, 'bench.candles');
  const csv = path.join(dir, 'bench.csv');
  writeCandleFile(file, { exchange: 'file', symbol: 'BTC/USDT', timeframe: '15m', source: 'bench' }, table);
  writeFileSync(csv, csvOf(table));
  const read = median(timed(() => readFileSync(file)));
  const load = median(timed(() => readCandleFile(file)));
  const parse = median(timed(() => loadCandleFile(csv)).slice(0, 3));
  const round = (value: number, digits = 1) => Number(value.toFixed(digits));
  process.stdout.write(
    `${table.length} candles: read ${read.toFixed(1)} ms, candle file ${load.toFixed(1)} ms, CSV ${parse.toFixed(0)} ms\n`,
  );
  process.stdout.write(
    `BENCH ${JSON.stringify({
      candle_file_load_ms: round(load),
      candle_file_candles_per_s: Math.round(table.length / (load / 1000)),
      candle_file_vs_read: round(load / read, 2),
      csv_load_ms: Math.round(parse),
      csv_vs_candle_file: round(parse / load),
    })}\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
