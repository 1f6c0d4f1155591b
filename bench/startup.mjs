// Startup benchmark: the built server as `npm start` runs it, against a bare baseline measured in
// the same run (bench/bare-server.mjs: Fastify plus the embedded database opened by the product's
// own openDatabase). Prints its figures as the last line, `BENCH {json}`, for bench/run.mjs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, spawnServer } from '../packages/server/.tsbuild/testing/index.js';
import { cpuMs, prepareRoot, repeat, rootSession, rssMb, sleep, spawnBare } from './processes.mjs';
import { median } from './stats.mjs';

const RUNS = 5;
const IDLE_MS = 10_000;
const READS = 2_000;
/** The loaded figures are read this long after ready (the simulator trades meanwhile). */
const LOADED_AFTER_MS = 60_000;

/**
 * startup_ms: process start to ready (URL printed: database open and migrated, engine and
 * background tasks started), on a data folder that already exists: the second and later starts,
 * which is what an operator restarting sees. startup_bare_ms: the same for the bare baseline on the
 * same folder (started interleaved with the product's, median of as many); startup_vs_bare their
 * ratio. startup_cpu_*: the CPU time (all threads) each used until ready, the same way: a busy
 * shared machine stretches wall times far more than CPU times.
 * idle_rss_mb / rss_bare_mb: resident memory 10 s after ready with no traffic, median of the runs
 * (one sample swings by ±25 MB: the embedded database's thread and V8's collector run when they
 * will); rss_overhead_mb the median of the runs' differences. *_loaded_*: the same 60 s after ready, after 2,000 reads (the product's signed in,
 * with its simulator trading meanwhile; the bare one's a query each).
 * stop_ms: SIGTERM to process exit (median of the restarts); the issue asks for under 5 s.
 */
async function startup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-bench-'));
  // TRUST_PROXY: the load's reads come from addresses of their own (processes.mjs nextAddress).
  const env = { BALANCER_DATA_DIR: dataDir, LOG_LEVEL: 'warn', TRUST_PROXY: 'true' };
  let started = performance.now();
  const first = await spawnServer({ ...env, PORT: String(await freePort()) }, 60_000);
  const firstStartMs = Math.round(performance.now() - started);
  const clock = await prepareRoot(first);
  await first.stop();
  const times = [];
  const bareTimes = [];
  const cpu = [];
  const bareCpu = [];
  const stops = [];
  /** @type {number[]} */
  const idleRss = [];
  /** @type {number[]} */
  const bareIdleRss = [];
  for (let run = 0; run < RUNS; run++) {
    started = performance.now();
    const server = await spawnServer({ ...env, PORT: String(await freePort()) }, 60_000);
    times.push(performance.now() - started);
    cpu.push(cpuMs(/** @type {number} */ (server.process.pid)));
    await sleep(IDLE_MS);
    idleRss.push(rssMb(/** @type {number} */ (server.process.pid)));
    const stopping = performance.now();
    await server.stop();
    stops.push(performance.now() - stopping);

    started = performance.now();
    const bare = await spawnBare(dataDir, await freePort());
    bareTimes.push(performance.now() - started);
    bareCpu.push(cpuMs(bare.pid));
    await sleep(IDLE_MS);
    bareIdleRss.push(rssMb(bare.pid));
    await bare.stop();
    process.stdout.write(
      `run ${run + 1}: product ${Math.round(times[run] ?? 0)} ms (CPU ${cpu[run]} ms), ` +
        `bare ${Math.round(bareTimes[run] ?? 0)} ms (CPU ${bareCpu[run]} ms); ` +
        `idle RSS product ${idleRss[run]} MB, bare ${bareIdleRss[run]} MB\n`,
    );
  }

  const server = await spawnServer({ ...env, PORT: String(await freePort()) }, 60_000);
  const ready = performance.now();
  const root = await rootSession(server, clock);
  let turn = 0;
  await repeat(READS, 10, () => root.read(turn++ % 2 ? 'auth/user/me' : 'position/balances'));
  await sleep(Math.max(0, LOADED_AFTER_MS - (performance.now() - ready)));
  const loadedRss = rssMb(/** @type {number} */ (server.process.pid));
  await server.stop();

  const bare = await spawnBare(dataDir, await freePort());
  const bareReady = performance.now();
  await repeat(READS, 10, async () => {
    const response = await fetch(`${bare.url}/read`);
    if (!response.ok) throw new Error(`bare /read: ${response.status}`);
    await response.arrayBuffer();
  });
  await sleep(Math.max(0, LOADED_AFTER_MS - (performance.now() - bareReady)));
  const bareLoadedRss = rssMb(bare.pid);
  await bare.stop();
  rmSync(dataDir, { recursive: true, force: true });

  const startupMs = median(times);
  const bareMs = median(bareTimes);
  return {
    startup_ms: Math.round(startupMs),
    first_startup_ms: firstStartMs,
    idle_rss_mb: median(idleRss),
    stop_ms: Math.round(median(stops)),
    startup_bare_ms: Math.round(bareMs),
    startup_vs_bare: Math.round((startupMs / bareMs) * 100) / 100,
    startup_cpu_ms: Math.round(median(cpu)),
    startup_cpu_bare_ms: Math.round(median(bareCpu)),
    startup_cpu_vs_bare: Math.round((median(cpu) / median(bareCpu)) * 100) / 100,
    rss_bare_mb: median(bareIdleRss),
    // The median of the runs' differences: each pair ran back to back on the same machine state.
    rss_overhead_mb: median(idleRss.map((rss, run) => rss - (bareIdleRss[run] ?? 0))),
    rss_loaded_mb: loadedRss,
    rss_bare_loaded_mb: bareLoadedRss,
    rss_overhead_loaded_mb: loadedRss - bareLoadedRss,
  };
}

const figures = await startup();
process.stdout.write(`BENCH ${JSON.stringify(figures)}\n`);
