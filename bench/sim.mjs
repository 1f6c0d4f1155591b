// Simulator benchmark: the built server as `npm start` runs it, in its default mode (the simulator
// replaying the shipped candles, its engine ticking every 3 s), on a fresh data folder, idle of
// any client. Prints its figures as the last line, `BENCH {json}`, for bench/run.mjs.
//   sim_cpu_share: CPU seconds (user + system, /proc/<pid>/stat) ÷ wall seconds over the 60 s
//     after the server is ready; the target is ≤ 0.05.
//   sim_rss_mb: resident memory (VmRSS) at the end of those 60 s; the target is ≤ 250.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, spawnServer } from '../packages/server/dist/testing/index.js';

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

const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-bench-sim-'));
try {
  const server = await spawnServer(
    { BALANCER_DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'warn' },
    60_000,
  );
  const pid = /** @type {number} */ (server.process.pid);
  try {
    const startTicks = cpuTicks(pid);
    const started = performance.now();
    process.stdout.write(`server ready (pid ${pid}); measuring ${WINDOW_S} s of simulator trading…\n`);
    await new Promise((resolve) => setTimeout(resolve, WINDOW_S * 1000));
    const cpuSeconds = (cpuTicks(pid) - startTicks) / CLOCK_TICKS;
    const wallSeconds = (performance.now() - started) / 1000;
    const rss = rssMb(pid);
    process.stdout.write(
      `  ${cpuSeconds.toFixed(2)} CPU s over ${wallSeconds.toFixed(1)} wall s (CLK_TCK ${CLOCK_TICKS}); VmRSS ${rss} MB\n`,
    );
    process.stdout.write(
      `BENCH ${JSON.stringify({ sim_cpu_share: Number((cpuSeconds / wallSeconds).toFixed(4)), sim_rss_mb: rss })}\n`,
    );
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
