// `npx tsx --conditions=@balancer/source bench/exports.ts` (`npm run bench -- exports`): issue 35's
// streamed export. A year of trades at one a minute (525,600 rows, EXPORTS_ROWS to change) in a
// fresh embedded PGlite, then trades.csv written twice, alternately, RUNS times each:
// - streamed: the product's exporter (features/records/exporter.ts: 1,000 rows a page);
// - baseline: the same rows in one SELECT, every line made with the same core functions, then the
//   whole text at once (what an export that loads everything does).
// First, once, the streamed export on the table as seeded, never analyzed (cold: no planner
// statistics; a restore now analyzes at once, the storage maintenance hourly), then `analyze`.
// Figures: the median time of each, their ratio, and the peak growth of the heap (V8's, sampled
// every 5 ms, after a gc) of each: the memory the export itself holds. The embedded database runs
// in its own thread; its WebAssembly memory is not the export's and only grows, so the process's
// RSS is printed beside but not compared. Prints lines, then `BENCH {…}`. Nothing asserts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { csvLine, TRADES_CSV_HEADER, tradeCsvRow } from '@balancer/core';
import { migrateToLatest, openDatabase } from '@balancer/server';
import { sql } from 'kysely';
// Not exported by the package: the bench reaches the app's own modules.
import { tradesCsv } from '../packages/server/src/features/records/exporter.js';
import { toTradeRecord } from '../packages/server/src/trading/trades-repository.js';

const ROWS = Number(process.env.EXPORTS_ROWS ?? 525_600);
const RUNS = Number(process.env.EXPORTS_RUNS ?? 5);
const START = Date.UTC(2025, 0, 1);
const CONTEXT = { quoteAsset: 'USDT', exchange: 'binance' };
const RANGE = { from: 0, to: START + 366 * 24 * 3_600_000 };
const say = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const gc = (globalThis as { gc?: () => void }).gc;

/** Runs `work`, sampling the heap every 5 ms: its time and the heap's peak growth over the start. */
async function measured(work: () => Promise<number>): Promise<{ ms: number; heap: number; bytes: number }> {
  gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  const started = performance.now();
  const bytes = await work();
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return { ms, heap: peak - base, bytes };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-bench-exports-'));
const handle = await openDatabase({ dataDir });
try {
  await migrateToLatest(handle.db);
  const seeded = performance.now();
  // One manual trade a minute for a year, alternating buy and sell, prices moving.
  await sql`insert into trade (side, time, price, amount, quote_amount, commission, commission_asset, source)
    select case when i % 2 = 0 then 'BUY' else 'SELL' end, ${START}::bigint + i::bigint * 60000,
      (30000 + (i % 1000))::numeric, 0.00123, round(0.00123 * (30000 + (i % 1000)), 8), 0.0000012,
      'BASE', 'manual'
    from generate_series(0, ${ROWS - 1}) as i`.execute(handle.db);
  say(`seeded ${ROWS} trades in ${Math.round(performance.now() - seeded)} ms`);

  const streamed = async () => {
    let bytes = 0;
    for await (const chunk of tradesCsv(handle.db, RANGE, CONTEXT)) bytes += Buffer.byteLength(chunk);
    return bytes;
  };
  const loadAll = async () => {
    const rows = await handle.db.selectFrom('trade').selectAll().orderBy('time').orderBy('id').execute();
    const text = [
      csvLine(TRADES_CSV_HEADER),
      ...rows.map((row) => csvLine(tradeCsvRow(toTradeRecord(row), CONTEXT, ''))),
    ].join('');
    return Buffer.byteLength(text);
  };

  const cold = await measured(streamed);
  say(
    `cold (never analyzed): streamed ${Math.round(cold.ms)} ms, heap +${mb(cold.heap)} MB; RSS ${mb(process.memoryUsage().rss)} MB`,
  );
  await sql`analyze trade`.execute(handle.db);

  const runs = {
    streamed: [] as Array<{ ms: number; heap: number }>,
    baseline: [] as Array<{ ms: number; heap: number }>,
  };
  for (let run = 1; run <= RUNS; run++) {
    const a = await measured(streamed);
    const afterStreamed = mb(process.memoryUsage().rss);
    const b = await measured(loadAll);
    if (a.bytes !== b.bytes) throw new Error(`the two exports differ: ${a.bytes} vs ${b.bytes} bytes`);
    runs.streamed.push(a);
    runs.baseline.push(b);
    say(
      `run ${run}: streamed ${Math.round(a.ms)} ms, heap +${mb(a.heap)} MB; baseline ${Math.round(b.ms)} ms, heap +${mb(b.heap)} MB; ${mb(a.bytes)} MB of CSV; RSS ${afterStreamed} MB after the streamed one, ${mb(process.memoryUsage().rss)} MB after the baseline`,
    );
  }
  const streamedMs = median(runs.streamed.map((r) => r.ms));
  const baselineMs = median(runs.baseline.map((r) => r.ms));
  const streamedHeap = median(runs.streamed.map((r) => r.heap));
  const baselineHeap = median(runs.baseline.map((r) => r.heap));
  say(
    `median of ${RUNS}: streamed ${Math.round(streamedMs)} ms (${Math.round(ROWS / (streamedMs / 1000))} rows/s), ` +
      `${(streamedMs / baselineMs).toFixed(2)}× the load-everything baseline; heap growth ${mb(streamedHeap)} MB vs ${mb(baselineHeap)} MB`,
  );
  if (!gc) say('(run with --expose-gc for steadier heap figures)');
  say(
    `BENCH ${JSON.stringify({
      exports_year_of_trades_ms: Math.round(streamedMs),
      exports_year_of_trades_cold_ms: Math.round(cold.ms),
      exports_vs_load_all: Number((streamedMs / baselineMs).toFixed(2)),
      exports_heap_growth_mb: mb(streamedHeap),
      exports_load_all_heap_growth_mb: mb(baselineHeap),
    })}`,
  );
} finally {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
