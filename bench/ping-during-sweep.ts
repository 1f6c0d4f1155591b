// `npm run bench -- ping-during-sweep`: whether a lab sweep starves the API (issue 31). Runs the
// built server as `npm start` does (the simulator trading, the embedded database, LAB_SWEEP_THREADS
// unset: its default), signs a user of authority 2 in, then, RUNS times, measures GET /ping's
// latency over loopback while idle and while a 500-combination sweep runs, interleaved (idle, sweep,
// idle, sweep…), so both sides share the machine's conditions of the moment:
//   idle   PINGS_IDLE requests, one every PACE_MS (paced, not waiting for the answers)
//   sweep  POST /lab/sweeps (25 × 20 grid over the shipped 15 m year), then the same pacing until
//          the job is done (its status read every 250 ms)
// A latency is from the request's send to its answer's end. Run 1 is the cold path (the server's
// first sweep: its file read, its first worker threads; every sweep starts a fresh pool), reported
// apart; the figures are medians over the runs after it:
//   ping_idle_p50_ms, _p95_ms, _p99_ms, ping_sweep_p50_ms, _p95_ms, _p99_ms
//   ping_sweep_p99_vs_idle        median of each run's p99 during ÷ p99 idle (target ≤ 2)
//   ping_sweep_cold_p99_ms, ping_sweep_cold_p99_vs_idle   the first sweep's, against its own idle
//   sweep_500_s                   the sweep job's wall time, queued to done (median)
//   sweep_threads                 the server's LAB_SWEEP_THREADS (its default on this machine)
// Prints one line per run, then as its last line `BENCH {…}`. Nothing asserts on time.
import { rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LabJob } from '@balancer/core';
import { callApi, OtpClock, setPassword, signInOverApi, spawnServer } from '@balancer/server/testing';
import { defaultSweepThreads } from '../packages/server/src/config/schema.js';
import { benchEnvironment, prepareUsers } from './bench-users.js';
import { median, quantile } from './stats.mjs';

const RUNS = Number(process.env.BENCH_PING_SWEEP_RUNS ?? 6);
const PACE_MS = 10;
const PINGS_IDLE = 400;
const say = (line: string) => process.stdout.write(`${line}\n`);
const round = (value: number) => Math.round(value * 100) / 100;

/** 25 × 20 = 500 combinations, the most one job may run (SWEEP_TOO_LARGE past it). */
const SWEEP = {
  dataSet: 'binance-btcusdt-15m.csv.gz',
  strategy: { template: 'SCALPER' },
  ranges: [
    { parameter: 'increaseGainRequirement', from: -24, to: 0, step: 1 },
    { parameter: 'decreaseGainScale', from: 0.5, to: 1.45, step: 0.05 },
  ],
};

const agent = new Agent({ keepAlive: true });

/** One GET /ping's latency, ms. */
function ping(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(`${url}/ping`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - started));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Pings every PACE_MS (not waiting for the answers) until `until` says stop; the latencies. */
async function pingPaced(url: string, until: (sent: number) => boolean): Promise<number[]> {
  const answers: Promise<number>[] = [];
  const start = performance.now();
  while (!until(answers.length)) {
    answers.push(ping(url));
    const next = start + answers.length * PACE_MS;
    await sleep(Math.max(0, next - performance.now()));
  }
  return Promise.all(answers);
}

const summary = (latencies: number[]) => ({
  p50: quantile(latencies, 0.5),
  p95: quantile(latencies, 0.95),
  p99: quantile(latencies, 0.99),
  n: latencies.length,
});
type Summary = ReturnType<typeof summary>;
const show = (name: string, s: Summary) =>
  `${name} p50 ${round(s.p50)} / p95 ${round(s.p95)} / p99 ${round(s.p99)} ms (${s.n})`;

async function main() {
  const { dir, env } = await benchEnvironment('ping-sweep');
  const [user] = await prepareUsers(env, 'lab', 1, 2);
  if (!user) throw new Error('no user');
  const server = await spawnServer(env, 60_000);
  try {
    const clock = new OtpClock(user.secret);
    await setPassword(server, user.nickname, clock);
    const { token } = await signInOverApi(server, user.nickname, clock);
    // Warm the connection and the route up.
    await pingPaced(server.url, (sent) => sent >= 50);
    const runs: { idle: Summary; sweep: Summary; seconds: number }[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const idle = summary(await pingPaced(server.url, (sent) => sent >= PINGS_IDLE));
      const started = performance.now();
      const job = await callApi<LabJob>(server, { method: 'POST', path: 'lab/sweeps', body: SWEEP, token });
      let done = false;
      const watch = (async () => {
        for (;;) {
          await sleep(250);
          const now = await callApi<LabJob>(server, { path: `lab/jobs/${job.id}`, token });
          if (now.status !== 'queued' && now.status !== 'running') {
            if (now.status !== 'done')
              throw new Error(`the sweep ended ${now.status}: ${now.error?.message}`);
            done = true;
            return (performance.now() - started) / 1000;
          }
        }
      })();
      const sweep = summary(await pingPaced(server.url, () => done));
      const seconds = await watch;
      runs.push({ idle, sweep, seconds });
      say(
        `run ${run}${run === 1 ? ' (cold)' : ''}: ${show('idle', idle)}; ${show('sweep', sweep)}; ` +
          `ratio ${round(sweep.p99 / idle.p99)}; sweep ${round(seconds)} s`,
      );
    }
    const [cold, ...warm] = runs;
    if (!cold || warm.length === 0) throw new Error('BENCH_PING_SWEEP_RUNS must be at least 2');
    const mid = (pick: (run: (typeof runs)[number]) => number) => round(median(warm.map(pick)));
    return {
      ping_idle_p50_ms: mid((r) => r.idle.p50),
      ping_idle_p95_ms: mid((r) => r.idle.p95),
      ping_idle_p99_ms: mid((r) => r.idle.p99),
      ping_sweep_p50_ms: mid((r) => r.sweep.p50),
      ping_sweep_p95_ms: mid((r) => r.sweep.p95),
      ping_sweep_p99_ms: mid((r) => r.sweep.p99),
      ping_sweep_p99_vs_idle: mid((r) => r.sweep.p99 / r.idle.p99),
      ping_sweep_cold_p99_ms: round(cold.sweep.p99),
      ping_sweep_cold_p99_vs_idle: round(cold.sweep.p99 / cold.idle.p99),
      sweep_500_s: mid((r) => r.seconds),
      sweep_threads: Math.min(
        Number(process.env.LAB_SWEEP_THREADS ?? defaultSweepThreads()),
        availableParallelism(),
      ),
      ping_sweep_runs: warm.length,
    };
  } finally {
    agent.destroy();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const figures = await main();
process.stdout.write(`BENCH ${JSON.stringify(figures)}\n`);
