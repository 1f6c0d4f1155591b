// Simulator benchmark: the built server as `npm start` runs it, in its default mode (the simulator
// replaying the shipped candles, its engine ticking every 3 s), on a fresh data folder, idle of
// any client. Prints its figures as the last line, `BENCH {json}`, for bench/run.mjs.
//   sim_cpu_share: CPU seconds (user + system, /proc/<pid>/stat) ÷ wall seconds over the 60 s
//     after the server is ready; the target is ≤ 0.05.
//   sim_rss_mb: resident memory (VmRSS) at the end of those 60 s; the target is ≤ 250.
//   sim_cpu_share_postgres, sim_rss_mb_postgres: the same with DATABASE_URL (PostgreSQL).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, spawnServer } from '../packages/server/.tsbuild/testing/index.js';

const WINDOW_S = 60;
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/**
 * utime + stime of a process, in clock ticks (fields 14 and 15 of /proc/<pid>/stat).
 * @param {number} pid
 */
function cpuTicks(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** @param {number} pid */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/**
 * Runs the built server with `env` for WINDOW_S seconds; its CPU share and resident memory.
 * @param {Record<string, string>} env
 * @param {string} label
 */
async function measure(env, label) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-bench-sim-'));
  try {
    const server = await spawnServer(
      { BALANCER_DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'warn', ...env },
      60_000,
    );
    const pid = /** @type {number} */ (server.process.pid);
    try {
      const startTicks = cpuTicks(pid);
      const started = performance.now();
      process.stdout.write(
        `${label}: server ready (pid ${pid}); measuring ${WINDOW_S} s of simulator trading…\n`,
      );
      await new Promise((resolve) => setTimeout(resolve, WINDOW_S * 1000));
      const cpuSeconds = (cpuTicks(pid) - startTicks) / CLOCK_TICKS;
      const wallSeconds = (performance.now() - started) / 1000;
      const rss = rssMb(pid);
      process.stdout.write(
        `  ${cpuSeconds.toFixed(2)} CPU s over ${wallSeconds.toFixed(1)} wall s (CLK_TCK ${CLOCK_TICKS}); VmRSS ${rss} MB\n`,
      );
      return { cpuShare: Number((cpuSeconds / wallSeconds).toFixed(4)), rss };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The same server on PostgreSQL (a fresh database made from TEST_DATABASE_URL's server), when
 * one is reachable: the embedded PGlite alone holds ~290 MB resident (its 128 MiB wasm heap is
 * the minimum it accepts), which the PostgreSQL figure leaves out.
 * @param {string} adminUrl
 */
async function measurePostgres(adminUrl) {
  const name = `balancer_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await measure({ DATABASE_URL: url.toString() }, 'postgresql');
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** @type {Record<string, number>} */
const figures = {};
const embedded = await measure({}, 'pglite');
figures.sim_cpu_share = embedded.cpuShare;
figures.sim_rss_mb = embedded.rss;
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
try {
  const postgres = await measurePostgres(adminUrl);
  figures.sim_cpu_share_postgres = postgres.cpuShare;
  figures.sim_rss_mb_postgres = postgres.rss;
} catch (error) {
  process.stdout.write(`PostgreSQL not measured (${/** @type {Error} */ (error).message})\n`);
}
process.stdout.write(`BENCH ${JSON.stringify(figures)}\n`);
