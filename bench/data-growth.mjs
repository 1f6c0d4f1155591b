// Data growth benchmark: the built server as `npm start` runs it, in its default mode (embedded
// PGlite, the simulator replaying the shipped candles at 60×), on a fresh data folder, idle of any
// client. Prints its figures as the last line, `BENCH {json}`, for bench/run.mjs.
//   data_growth_mb_per_day: disk used by BALANCER_DATA_DIR (du), growth over the measuring window
//     after the warm-up, extrapolated to 24 h; the target is ≤ 20.
// Env: DATA_GROWTH_WARMUP_S (default 120) and DATA_GROWTH_WINDOW_S (default 600) shorten or
// lengthen the run; the figure reported in README is the ≥ 600 s one.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, spawnServer } from '../packages/server/.tsbuild/testing/index.js';

const WARMUP_S = Number(process.env.DATA_GROWTH_WARMUP_S ?? 120);
const WINDOW_S = Number(process.env.DATA_GROWTH_WINDOW_S ?? 600);
const SAMPLE_S = 30;
/** @param {string} line */
const say = (line) => process.stdout.write(`${line}\n`);

/** Disk used by a folder, bytes (du counts allocated blocks, as a full disk would). @param {string} dir */
function diskBytes(dir) {
  return Number(execFileSync('du', ['-s', '--block-size=1', dir], { encoding: 'utf8' }).split('\t')[0]);
}

/** Disk used by each folder of the PGlite data folder, MB, largest first. @param {string} dir */
function breakdown(dir) {
  const pglite = path.join(dir, 'pglite');
  return readdirSync(pglite, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ name: entry.name, mb: diskBytes(path.join(pglite, entry.name)) / 1e6 }))
    .filter(({ mb }) => mb >= 0.1)
    .sort((a, b) => b.mb - a.mb)
    .map(({ name, mb }) => `${name} ${mb.toFixed(1)}`)
    .join(', ');
}

/** @param {number} seconds */
const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-bench-growth-'));
let figures;
try {
  const server = await spawnServer(
    { BALANCER_DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'warn' },
    60_000,
  );
  try {
    say(`server ready (pid ${server.process.pid}); warming up ${WARMUP_S} s…`);
    await sleep(WARMUP_S);
    const start = diskBytes(dataDir);
    const started = performance.now();
    say(`after warm-up: ${(start / 1e6).toFixed(1)} MB (${breakdown(dataDir)})`);
    let last = start;
    for (let elapsed = 0; elapsed < WINDOW_S; elapsed += SAMPLE_S) {
      await sleep(Math.min(SAMPLE_S, WINDOW_S - elapsed));
      last = diskBytes(dataDir);
      say(`  +${Math.min(elapsed + SAMPLE_S, WINDOW_S)} s: ${(last / 1e6).toFixed(1)} MB`);
    }
    const seconds = (performance.now() - started) / 1000;
    say(`end: ${(last / 1e6).toFixed(1)} MB (${breakdown(dataDir)})`);
    const perDay = ((last - start) / 1e6) * (86_400 / seconds);
    say(`growth ${((last - start) / 1e6).toFixed(2)} MB over ${seconds.toFixed(0)} s`);
    figures = { data_growth_mb_per_day: Number(perDay.toFixed(1)) };
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
say(`BENCH ${JSON.stringify(figures)}`);
