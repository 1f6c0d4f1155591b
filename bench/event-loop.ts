// `npx tsx --conditions=@balancer/source bench/event-loop.ts`: how long the server's event loop
// is ever held up (issue 19: the embedded database must never stall it). Starts the real
// platform in-process (default configuration: the simulator, on the embedded PGlite database in a
// temporary data folder) and measures, with perf_hooks.monitorEventLoopDelay (10 ms resolution)
// in this process, the largest event-loop delay of each phase:
//   idle       2 s of this process doing nothing, before the platform (the measure's own jitter)
//   startup    from before startPlatform to ready (listening, database open and migrated, engine on)
//   trading    BENCH_TRADING_MINUTES (default 10) of simulator trading (storage maintenance's first
//              run, VACUUM and CHECKPOINT included, falls in it after 1 minute)
//   backup     one backup through the control socket, as `npm run cli -- backup` asks for it
//   summary    the database summary (GET /database/summary's handler) 5 times
// Prints progress, then as its last line `BENCH {"event_loop_block_ms_max": …, …}`, the max
// over the phases other than idle. The target is ≤ 50 ms. Nothing asserts on time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { backups } from '@balancer/server';
import { freePort } from '@balancer/server/testing';
import { summarizeDatabase } from '../packages/server/src/features/server-monitor/database-summary.js';
import { startBenchPlatform } from './bench-users.js';

const TRADING_MINUTES = Number(process.env.BENCH_TRADING_MINUTES ?? 10);
const say = (line: string) => process.stdout.write(`${line}\n`);
const round = (ms: number) => Math.round(ms * 10) / 10;

/** The largest event-loop delay while `work` runs, ms. */
async function maxDelayDuring(name: string, work: () => Promise<unknown>): Promise<number> {
  const histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const started = performance.now();
  try {
    await work();
    // A block that lasted to the end of `work` is recorded when the monitor's next timer runs, late.
    await sleep(50);
  } finally {
    histogram.disable();
  }
  const max = round(histogram.max / 1e6);
  say(
    `${name}: max ${max} ms, p99 ${round(histogram.percentile(99) / 1e6)} ms over ${round((performance.now() - started) / 1000)} s`,
  );
  return max;
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'balancer-bench-event-loop-'));
  const env = {
    BALANCER_DATA_DIR: dir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_FORMAT: 'json',
  };
  const figures: Record<string, number> = {};
  try {
    figures.event_loop_idle_ms = await maxDelayDuring('idle', () => sleep(2_000));
    let running: Awaited<ReturnType<typeof startBenchPlatform>>['running'] | undefined;
    figures.event_loop_startup_ms = await maxDelayDuring('startup', async () => {
      running = (await startBenchPlatform(env)).running;
    });
    if (!running) throw new Error('the platform did not start');
    const { platform } = running;
    try {
      say(`trading on the simulator for ${TRADING_MINUTES} minute(s)…`);
      figures.event_loop_trading_ms = await maxDelayDuring('trading', () => sleep(TRADING_MINUTES * 60_000));
      figures.event_loop_backup_ms = await maxDelayDuring('backup', async () => {
        const summary = await backups.requestBackup(
          backups.controlSocketPath(dir),
          path.join(dir, 'bench.backup'),
        );
        say(`  backup: ${summary.tables} tables, ${summary.rows} rows, ${summary.bytes} bytes`);
      });
      figures.event_loop_summary_ms = await maxDelayDuring('summary', async () => {
        for (let i = 0; i < 5; i++) await summarizeDatabase(platform.database);
      });
    } finally {
      await running.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const { event_loop_idle_ms: _idle, ...phases } = figures;
  return {
    event_loop_block_ms_max: Math.max(...Object.values(phases)),
    ...figures,
    event_loop_trading_minutes: TRADING_MINUTES,
  };
}

const figures = await main();
process.stdout.write(`BENCH ${JSON.stringify(figures)}\n`);
