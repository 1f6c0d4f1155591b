// `npm run bench`: runs every benchmark script and merges their figures into bench/results.json.
// A benchmark is a script in this folder that prints, as its last line, `BENCH {"figure": value}`.
// `npm run bench -- tick backtest` runs only those. Benchmarks print figures; nothing asserts.
// The long ones (OPT_IN) run only when named: `npm run bench -- soak` (SOAK_MINUTES, default 60).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const ROOT = path.join(HERE, '..');
const RESULTS = path.join(HERE, 'results.json');
const TSX = [path.join(ROOT, 'node_modules/.bin/tsx'), '--conditions=@balancer/source'];

/** name → how to run it. TypeScript benchmarks run from source through tsx. */
const BENCHMARKS = {
  startup: [process.execPath, path.join(HERE, 'startup.mjs')],
  cli: [process.execPath, path.join(HERE, 'cli.mjs')],
  stop: [...TSX, path.join(HERE, 'stop.ts')],
  tick: [...TSX, path.join(HERE, 'tick.ts')],
  backtest: [...TSX, path.join(HERE, 'backtest.ts')],
  'market-data': [...TSX, path.join(HERE, 'market-data.ts')],
  sweep: [...TSX, path.join(HERE, 'sweep.ts')],
  'ping-during-sweep': [...TSX, path.join(HERE, 'ping-during-sweep.ts')],
  signin: [...TSX, path.join(HERE, 'signin.ts')],
  sim: [process.execPath, path.join(HERE, 'sim.mjs')],
  stream: [...TSX, path.join(HERE, 'stream.ts')],
  operations: [...TSX, path.join(HERE, 'operations.ts')],
  web: [...TSX, path.join(HERE, 'web.mjs')],
  app: [...TSX, path.join(HERE, 'app.mjs')],
  'data-growth': [process.execPath, path.join(HERE, 'data-growth.mjs')],
  storage: [...TSX, path.join(HERE, 'storage.ts')],
  exports: [...TSX, '--expose-gc', path.join(HERE, 'exports.ts')],
  'event-loop': [...TSX, path.join(HERE, 'event-loop.ts')],
  security: [...TSX, path.join(HERE, 'security.ts')],
  'guessing-attack': [...TSX, path.join(HERE, 'guessing-attack.ts')],
  captcha: [...TSX, path.join(HERE, 'captcha.ts')],
  doctor: [...TSX, path.join(HERE, 'doctor.ts')],
  tls: [...TSX, path.join(HERE, 'tls.ts')],
  'acme-renewal': [...TSX, path.join(HERE, 'acme-renewal.ts')],
  http: [...TSX, path.join(HERE, 'http.ts')],
  cluster: [...TSX, path.join(HERE, 'cluster.ts')],
  'cluster-takeover': [...TSX, path.join(HERE, 'cluster-takeover.ts')],
  soak: [process.execPath, path.join(HERE, 'soak.mjs')],
};
/** Left out of the default set: an hour on the simulator; PostgreSQL clusters behind nginx. */
const OPT_IN = new Set(['soak', 'cluster', 'cluster-takeover']);

const wanted = process.argv.slice(2);
/** @type {Record<string, unknown>} */
let results = {};
try {
  results = JSON.parse(readFileSync(RESULTS, 'utf8'));
} catch {
  results = {};
}

let failed = false;
for (const [name, [command, ...args]] of Object.entries(BENCHMARKS)) {
  if (wanted.length > 0 ? !wanted.includes(name) : OPT_IN.has(name)) continue;
  const script = args[args.length - 1] ?? '';
  if (!existsSync(script)) continue;
  process.stdout.write(`\n== bench ${name}\n`);
  const run = spawnSync(/** @type {string} */ (command), args, {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = (run.stdout ?? '').trim().split('\n');
  const last = lines.pop() ?? '';
  process.stdout.write(lines.join('\n') + (lines.length ? '\n' : ''));
  if (run.status !== 0 || !last.startsWith('BENCH ')) {
    process.stderr.write(`bench ${name} failed (exit ${run.status}): ${last}\n`);
    failed = true;
    continue;
  }
  const figures = JSON.parse(last.slice('BENCH '.length));
  for (const [figure, value] of Object.entries(figures)) process.stdout.write(`${figure}: ${value}\n`);
  results = { ...results, ...figures };
}
results.measured_at = new Date().toISOString();
writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
process.stdout.write('\nwritten to bench/results.json\n');
process.exit(failed ? 1 : 0);
