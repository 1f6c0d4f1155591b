// `npm run bench -- ping-during-sweep` (or `npm run bench:ping-during-sweep`): whether a lab sweep
// starves the API (issue 31). Runs the built server as `npm start` does (the simulator trading, the
// embedded database, LAB_SWEEP_THREADS unset: its default), signs a user of authority 2 in, then,
// RUNS times, measures GET /ping's latency over loopback while idle and while a 500-combination
// sweep runs, interleaved (idle, sweep, idle, sweep…), so both sides share the machine's
// conditions of the moment:
//   idle   PINGS_IDLE requests, one every PACE_MS (paced, not waiting for the answers)
//   sweep  POST /lab/sweeps (25 × 20 grid over the shipped 15 m year), then the same pacing until
//          the job is done
// In both phases the client reads the job's status every 250 ms (GET /lab/jobs/:id, the last
// sweep's in the idle phase), so the two differ only by the sweep. A latency is from the
// request's send to its answer's end. Run 1 is the cold path (the server's first sweep: its first
// worker threads, its code's first run; later sweeps reuse the lab's warm pool), reported apart; the
// figures are over the runs after it:
//   ping_idle_p50_ms, _p95_ms, _p99_ms, ping_sweep_p50_ms, _p95_ms, _p99_ms   medians of the runs
//   ping_sweep_p99_vs_idle          median of each run's p99 during ÷ p99 idle (target ≤ 2)
//   ping_sweep_p99_vs_idle_pooled   p99 of every warm run's sweep pings ÷ that of their idle ones
//   ping_sweep_cold_p99_ms, ping_sweep_cold_p99_vs_idle   the first sweep's, against its own idle
//   sweep_500_s                     the sweep job's wall time, queued to done (median)
//   sweep_threads                   the server's LAB_SWEEP_THREADS (its default on this machine)
// BENCH_SERVER_MAIN=<another checkout>/packages/server/bundle/main.js also starts that build (with
// its own defaults: an earlier commit, say) on a data folder of its own, and each run measures
// both, one after the other; its figures carry a `baseline_` prefix. The load average is printed
// before each run. Prints one line per run and server, then as its last line `BENCH {…}`. Nothing
// asserts on time.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LabJob } from '@balancer/core';
import { SERVER_NODE_FLAGS } from '@balancer/server/ops';
import {
  callApi,
  fetchApi,
  OtpClock,
  type ServerCommand,
  type SpawnedServer,
  setPassword,
  signInOverApi,
  spawnServer,
} from '@balancer/server/testing';
import { defaultSweepThreads } from '../packages/server/src/config/schema.js';
import { benchEnvironment, prepareUsers } from './bench-users.js';
import { median, quantile } from './stats.mjs';

const RUNS = Number(process.env.BENCH_PING_SWEEP_RUNS ?? 7);
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

interface Target {
  name: string;
  server: SpawnedServer;
  token: string;
  dir: string;
  /** The last sweep's id: the job the idle phase reads. */
  lastJob: string;
  runs: { idle: number[]; sweep: number[]; seconds: number }[];
}

/** A built server on a data folder of its own, a user of authority 2 signed in. */
async function startTarget(name: string, main?: string): Promise<Target> {
  const { dir, env } = await benchEnvironment('ping-sweep');
  const [user] = await prepareUsers(env, 'lab', 1, 2);
  if (!user) throw new Error('no user');
  const command: ServerCommand | undefined = main
    ? {
        file: process.execPath,
        args: [...SERVER_NODE_FLAGS, main],
        cwd: path.dirname(main),
        env: process.env as Record<string, string>,
      }
    : undefined;
  const server = await spawnServer(env, 60_000, command);
  const clock = new OtpClock(user.secret);
  await setPassword(server, user.nickname, clock);
  const { token } = await signInOverApi(server, user.nickname, clock);
  // Warm the connection and the route up.
  await pingPaced(server.url, (sent) => sent >= 50);
  return { name, server, token, dir, lastJob: randomUUID(), runs: [] };
}

/** The job's status (null: no such job), as the web app's job list reads it. */
async function jobStatus(target: Target, id: string): Promise<LabJob | null> {
  const { envelope } = await fetchApi<LabJob>(target.server, { path: `lab/jobs/${id}`, token: target.token });
  return envelope.success ? envelope.data : null;
}

/** Reads `id`'s status every 250 ms until `stop` says so or the job has ended; its end. */
async function follow(target: Target, id: string, stop: () => boolean): Promise<LabJob | null> {
  for (;;) {
    await sleep(250);
    const job = await jobStatus(target, id);
    if (stop() || (job && job.status !== 'queued' && job.status !== 'running')) return job;
  }
}

/** One idle phase and one sweep on `target`. */
async function oneRun(target: Target, run: number): Promise<void> {
  let idleOver = false;
  const idleReads = follow(target, target.lastJob, () => idleOver);
  const idle = await pingPaced(target.server.url, (sent) => sent >= PINGS_IDLE);
  idleOver = true;
  await idleReads;
  const started = performance.now();
  const job = await callApi<LabJob>(target.server, {
    method: 'POST',
    path: 'lab/sweeps',
    body: SWEEP,
    token: target.token,
  });
  target.lastJob = job.id;
  let ended: LabJob | null = null;
  const watch = follow(target, job.id, () => false).then((last) => {
    ended = last;
    return (performance.now() - started) / 1000;
  });
  const sweep = await pingPaced(target.server.url, () => ended !== null);
  const seconds = await watch;
  const end = ended as LabJob | null;
  if (end?.status !== 'done') throw new Error(`the sweep ended ${end?.status}: ${end?.error?.message}`);
  target.runs.push({ idle, sweep, seconds });
  const [i, w] = [summary(idle), summary(sweep)];
  say(
    `${target.name} run ${run}${run === 1 ? ' (cold)' : ''}: ${show('idle', i)}; ${show('sweep', w)}; ` +
      `ratio ${round(w.p99 / i.p99)}; sweep ${round(seconds)} s`,
  );
}

/** The figures of a target's runs (see the header). */
function figuresOf(target: Target, prefix: string): Record<string, number> {
  const [cold, ...warm] = target.runs;
  if (!cold || warm.length === 0) throw new Error('BENCH_PING_SWEEP_RUNS must be at least 2');
  const runs = warm.map((run) => ({
    idle: summary(run.idle),
    sweep: summary(run.sweep),
    seconds: run.seconds,
  }));
  const mid = (pick: (run: (typeof runs)[number]) => number) => round(median(runs.map(pick)));
  const pooled = (pick: (run: (typeof warm)[number]) => number[]) => quantile(warm.flatMap(pick), 0.99);
  const coldIdle = summary(cold.idle);
  const coldSweep = summary(cold.sweep);
  const figures = {
    ping_idle_p50_ms: mid((r) => r.idle.p50),
    ping_idle_p95_ms: mid((r) => r.idle.p95),
    ping_idle_p99_ms: mid((r) => r.idle.p99),
    ping_sweep_p50_ms: mid((r) => r.sweep.p50),
    ping_sweep_p95_ms: mid((r) => r.sweep.p95),
    ping_sweep_p99_ms: mid((r) => r.sweep.p99),
    ping_sweep_p99_vs_idle: mid((r) => r.sweep.p99 / r.idle.p99),
    ping_sweep_p99_vs_idle_pooled: round(pooled((r) => r.sweep) / pooled((r) => r.idle)),
    ping_sweep_cold_p99_ms: round(coldSweep.p99),
    ping_sweep_cold_p99_vs_idle: round(coldSweep.p99 / coldIdle.p99),
    sweep_500_s: mid((r) => r.seconds),
    ping_sweep_runs: warm.length,
  };
  return Object.fromEntries(Object.entries(figures).map(([key, value]) => [`${prefix}${key}`, value]));
}

async function main() {
  const targets = [await startTarget('this build')];
  const other = process.env.BENCH_SERVER_MAIN;
  if (other) targets.push(await startTarget('baseline', other));
  try {
    for (let run = 1; run <= RUNS; run++) {
      say(`load average ${loadavg()[0]?.toFixed(1)}`);
      for (const target of targets) await oneRun(target, run);
    }
    return {
      ...figuresOf(targets[0]!, ''),
      sweep_threads: Math.min(
        Number(process.env.LAB_SWEEP_THREADS ?? defaultSweepThreads()),
        availableParallelism(),
      ),
      ...(targets[1] ? figuresOf(targets[1], 'baseline_') : {}),
    };
  } finally {
    agent.destroy();
    for (const target of targets) {
      await target.server.stop();
      rmSync(target.dir, { recursive: true, force: true });
    }
  }
}

const figures = await main();
process.stdout.write(`BENCH ${JSON.stringify(figures)}\n`);
