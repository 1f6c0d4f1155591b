// `npx tsx --conditions=@balancer/source bench/http.ts`: what the HTTP API costs per request
// against a bare Fastify, in one run (issue 19). Three server processes (bench/http-server.ts, so
// the load generator's CPU never counts): a Fastify hello-world, the real platform at
// LOG_LEVEL=info (the default) and the same at LOG_LEVEL=debug (one log line per request).
// autocannon drives each from this process: 20 connections, a 2 s warm-up per route, then
// RUNS × DURATION_S s per route, the routes interleaved run by run. CPU per request = the server
// process's CPU time (process.cpuUsage, user + system) over the run ÷ its 2xx answers; req/s
// counts 2xx only, and a run with any non-2xx or error fails the benchmark (each route is first
// checked to answer a success envelope: the API answers refusals with 200 too).
// Rate limits stay ON: TRUST_PROXY=true and every run's requests carry their own X-Forwarded-For
// addresses, so no (address, route) gets near its tier (checked: the worst case is computed).
// Figures (medians of the runs; a ratio is the median of each run's own bare ÷ product):
//   ping_vs_bare         = bare µs CPU/request ÷ product GET /ping µs CPU/request (target ≥ 0.5)
//   signed_read_vs_bare  = the worse of bare ÷ GET /auth/user/me and bare ÷ GET /position/records
//                          ?limit=30 (signed in, authority 2; target ≥ 0.3)
//   essentials_req_s, essentials_p99_ms: GET /data-join/app-essentials signed in (≥ 1,000; ≤ 50)
//   ping_debug_vs_info   = /ping CPU/request at LOG_LEVEL=debug ÷ at info (what the log line costs)
// plus the raw req/s and µs CPU/request of each. Last line `BENCH {…}`. Nothing asserts on time.
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { RATE_TIERS } from '@balancer/server';
import { SERVER_NODE_FLAGS } from '@balancer/server/ops';
import { median } from './stats.mjs';

interface AutocannonResult {
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  requests: { total: number };
  latency: { p99: number };
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
const WARMUP_S = 2;
const RUNS = 5;
/** Client addresses per run: fresh ones each run, so the 15-minute windows never add up. */
const ADDRESSES = 4_000;
const say = (line: string) => process.stdout.write(`${line}\n`);

/** A server process of http-server.ts: its URL, token, and its CPU time on demand. */
class ServerProcess {
  private readonly child: ChildProcessByStdio<Writable, Readable, null>;
  private readonly waiting: Array<{
    resolve: (value: Record<string, unknown>) => void;
    reject: (error: Error) => void;
  }> = [];

  private constructor(mode: string, logLevel: string) {
    this.child = spawn(
      process.execPath,
      [
        // The product with the flags it always runs with; the bare Fastify with Node's defaults.
        ...(mode === 'product' ? SERVER_NODE_FLAGS : []),
        '--import',
        'tsx',
        '--conditions=@balancer/source',
        path.join(HERE, 'http-server.ts'),
        mode,
      ],
      { env: { ...process.env, LOG_LEVEL: logLevel }, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      this.waiting.shift()?.resolve(JSON.parse(line) as Record<string, unknown>);
    });
    this.child.once('exit', (code) => {
      for (const { reject } of this.waiting.splice(0)) reject(new Error(`server exited (${code})`));
    });
  }

  private next(): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  static async start(mode: 'bare' | 'product', logLevel = 'info') {
    const server = new ServerProcess(mode, logLevel);
    const { url, token } = (await server.next()) as { url: string; token: string };
    return Object.assign(server, { url, token });
  }

  async cpuUs(): Promise<number> {
    const answer = this.next();
    this.child.stdin.write('cpu\n');
    return Number((await answer).cpuUs);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.stdin.write('stop\n');
    });
  }
}
type Server = Awaited<ReturnType<typeof ServerProcess.start>>;

let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

interface Run {
  reqS: number;
  cpuUs: number;
  p99Ms: number;
}

/** One request first: a 2xx that carries an error envelope (a refused query, say) would count as served. */
async function checkAnswer(server: Server, url: string, signedIn: boolean): Promise<void> {
  const headers: Record<string, string> = signedIn ? { authorization: `Bearer ${server.token}` } : {};
  const response = await fetch(`${server.url}${url}`, {
    headers: { 'x-forwarded-for': nextAddress(), ...headers },
  });
  const body = (await response.json()) as { success?: boolean; error?: string; hello?: string };
  if (!response.ok || (body.success !== true && body.hello === undefined))
    throw new Error(`${url} does not answer with data: ${JSON.stringify(body).slice(0, 200)}`);
}

async function drive(server: Server, url: string, signedIn: boolean, seconds: number): Promise<Run> {
  const headers = signedIn ? { authorization: `Bearer ${server.token}` } : {};
  const requests = Array.from({ length: ADDRESSES }, () => ({
    method: 'GET',
    path: url,
    headers: { 'x-forwarded-for': nextAddress(), ...headers },
  }));
  const before = await server.cpuUs();
  const result = await autocannon({ url: server.url, connections: CONNECTIONS, duration: seconds, requests });
  const cpu = (await server.cpuUs()) - before;
  // Each connection walks the list from its start: at most this many requests per address.
  const perAddress = Math.ceil(result.requests.total / CONNECTIONS / ADDRESSES) * CONNECTIONS;
  if (result.non2xx > 0 || result.errors > 0 || result['2xx'] === 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  if (perAddress > RATE_TIERS.standard) throw new Error(`${url}: up to ${perAddress} requests per address`);
  return { reqS: result['2xx'] / seconds, cpuUs: cpu / result['2xx'], p99Ms: result.latency.p99 };
}

async function main() {
  say('starting a bare Fastify and the platform at LOG_LEVEL=info and debug…');
  const [bare, product, debug] = await Promise.all([
    ServerProcess.start('bare'),
    ServerProcess.start('product', 'info'),
    ServerProcess.start('product', 'debug'),
  ]);
  const targets: Array<[string, Server, string, boolean]> = [
    ['bare', bare, '/ping', false],
    ['ping', product, '/ping', false],
    ['ping_debug', debug, '/ping', false],
    ['me', product, '/auth/user/me', true],
    // The web app's first page of positions (30, the most a page holds).
    ['records', product, '/position/records?limit=30', true],
    ['essentials', product, '/data-join/app-essentials', true],
  ];
  const runs = new Map<string, Run[]>(targets.map(([name]) => [name, []]));
  try {
    for (const [, server, url, signedIn] of targets) {
      await checkAnswer(server, url, signedIn);
      await drive(server, url, signedIn, WARMUP_S);
    }
    for (let run = 1; run <= RUNS; run++) {
      say(`run ${run}/${RUNS}, ${DURATION_S} s × ${CONNECTIONS} connections per route…`);
      for (const [name, server, url, signedIn] of targets) {
        const result = await drive(server, url, signedIn, DURATION_S);
        runs.get(name)?.push(result);
        say(
          `  ${name.padEnd(10)} ${url.padEnd(26)} ${Math.round(result.reqS)} req/s, ${result.cpuUs.toFixed(1)} µs CPU/req, p99 ${result.p99Ms} ms`,
        );
      }
    }
  } finally {
    await Promise.all([bare.stop(), product.stop(), debug.stop()]);
  }
  const med = (name: string, key: keyof Run) => median((runs.get(name) ?? []).map((r) => r[key]));
  const round = (value: number, digits = 3) => Number(value.toFixed(digits));
  // Each run's bare and product figures were taken seconds apart: the ratio of a run's pair, then
  // the median over runs, follows the shared machine's load far less than a ratio of medians.
  const vsBare = (name: string) =>
    median((runs.get(name) ?? []).map((run, index) => (runs.get('bare')?.[index]?.cpuUs ?? 0) / run.cpuUs));
  const figures: Record<string, number> = {
    ping_vs_bare: round(vsBare('ping')),
    signed_read_vs_bare: round(Math.min(vsBare('me'), vsBare('records'))),
    me_vs_bare: round(vsBare('me')),
    records_vs_bare: round(vsBare('records')),
    essentials_req_s: Math.round(med('essentials', 'reqS')),
    essentials_p99_ms: med('essentials', 'p99Ms'),
    ping_debug_vs_info: round(med('ping_debug', 'cpuUs') / med('ping', 'cpuUs')),
  };
  for (const [name] of targets) {
    figures[`${name}_req_s`] = Math.round(med(name, 'reqS'));
    figures[`${name}_cpu_us`] = round(med(name, 'cpuUs'), 1);
  }
  say(`BENCH ${JSON.stringify(figures)}`);
}

await main();
