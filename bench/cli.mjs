// CLI benchmark: how long a person waits for `npm run cli -- …` on a built tree, against bare
// baselines measured in the same run. Each command is a new process (cold for Node's module
// loading, warm for the OS's file cache); the runs of all commands are interleaved, so a burst of
// load on the shared machine falls on each alike. Prints `BENCH {json}` last, for bench/run.mjs.
import { spawnSync } from 'node:child_process';
import { utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './stats.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 9);
const MAIN = path.join(ROOT, 'packages/cli/dist/main.js');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** name → command. `node -e 0` and `npm run bench:noop` (a script that runs only `node -e 0`) are the baselines. */
const COMMANDS = {
  node: [process.execPath, '-e', '0'],
  help: [process.execPath, MAIN, '--help'],
  backtest_help: [process.execPath, MAIN, 'backtest', '--help'],
  data_help: [process.execPath, MAIN, 'data', '--help'],
  sweep_help: [process.execPath, MAIN, 'sweep', '--help'],
  npm_noop: [NPM, 'run', '--silent', 'bench:noop'],
  npm_help: [NPM, 'run', '--silent', 'cli', '--', '--help'],
};

/** Wall time of one run, ms; a failed run throws. @param {string[]} command */
function timed([file, ...args]) {
  const started = performance.now();
  const run = spawnSync(/** @type {string} */ (file), args, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`${file} ${args.join(' ')}: exit ${run.status}\n${run.stderr}`);
  return ms;
}

// The first `npm run cli` builds what is stale (and stamps it): not a figure of the warm path.
timed(COMMANDS.npm_help);
/** @type {Record<string, number[]>} */
const times = Object.fromEntries(Object.keys(COMMANDS).map((name) => [name, []]));
for (let run = 0; run < RUNS; run++) {
  for (const [name, command] of Object.entries(COMMANDS)) times[name]?.push(timed(command));
}
const ms = Object.fromEntries(Object.entries(times).map(([name, values]) => [name, median(values)]));

// Cold for the build check: a source touched (as a checkout or an editor's save does) without a
// change tsc would emit. `npm run cli` then runs tsc -b, which finds nothing to write.
const touched = path.join(ROOT, 'packages/cli/src/main.ts');
/** @type {number[]} */
const afterTouch = [];
for (let run = 0; run < 3; run++) {
  const now = new Date();
  utimesSync(touched, now, now);
  afterTouch.push(timed(COMMANDS.npm_help));
}

const ratio = (/** @type {number} */ a, /** @type {number} */ b) => Math.round((a / b) * 100) / 100;
const figures = {
  cli_node_ms: Math.round(ms.node ?? 0),
  cli_help_ms: Math.round(ms.help ?? 0),
  cli_help_vs_node: ratio(ms.help ?? 0, ms.node ?? 1),
  cli_backtest_help_ms: Math.round(ms.backtest_help ?? 0),
  cli_backtest_help_vs_node: ratio(ms.backtest_help ?? 0, ms.node ?? 1),
  cli_data_help_ms: Math.round(ms.data_help ?? 0),
  cli_data_help_vs_node: ratio(ms.data_help ?? 0, ms.node ?? 1),
  cli_sweep_help_ms: Math.round(ms.sweep_help ?? 0),
  cli_sweep_help_vs_node: ratio(ms.sweep_help ?? 0, ms.node ?? 1),
  cli_npm_noop_ms: Math.round(ms.npm_noop ?? 0),
  cli_npm_help_ms: Math.round(ms.npm_help ?? 0),
  cli_npm_help_vs_npm_noop: ratio(ms.npm_help ?? 0, ms.npm_noop ?? 1),
  cli_npm_help_after_touch_ms: Math.round(median(afterTouch)),
};
for (const [name, value] of Object.entries(figures)) process.stdout.write(`${name}: ${value}\n`);
process.stdout.write(`BENCH ${JSON.stringify(figures)}\n`);
