// `npm run bench -- doctor`: how long `doctor` takes as an operator runs it (the built cli, a new
// node process), next to a bare `node -e 0` started the same way. The issue asks for under 2 s.
// Prints its figures as the last line, `BENCH {json}`, for bench/run.mjs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBinanceServer } from '@balancer/engine/testing';
import { median } from './stats.mjs';

const RUNS = 7;
const CLI = path.resolve('packages/cli/dist/main.js');

/** Wall time of one child process from spawn to exit, ms. */
function timed(args: string[], env: Record<string, string>): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk: Buffer) => {
        err += chunk.toString();
      });
    }
    child.on('exit', (code) => {
      // doctor exits 1 when a check fails: a timing still, but a failing setup is not what we time.
      if (code !== 0) reject(new Error(`${args.join(' ')} exited ${code}: ${err}`));
      else resolve(performance.now() - started);
    });
  });
}

async function series(args: string[], env: Record<string, string>): Promise<number> {
  await timed(args, env); // warm the file cache once
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) times.push(await timed(args, env));
  return median(times);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-bench-doctor-'));
const settings = path.join(dataDir, 'settings.env');
const exchange = await startBinanceServer();
try {
  const env = { BALANCER_DATA_DIR: dataDir, PORT: '5999' };
  const baseline = await series(['-e', '0'], env);
  const simulator = await series([CLI, 'doctor', '--data-dir', dataDir], env);
  // Paper mode adds the exchange's clock: ccxt's import and one request (local Binance-compatible server).
  writeFileSync(
    settings,
    `EXCHANGE_MODE=paper\nEXCHANGE_STREAMS=false\nEXCHANGE_API_URL=${exchange.url}/api/v3\n`,
    { mode: 0o600 },
  );
  const paper = await series([CLI, 'doctor', '--data-dir', dataDir, '--settings', settings], env);
  console.log(
    `doctor (simulator): ${Math.round(simulator)} ms; with the exchange clock: ${Math.round(paper)} ms; node -e 0: ${Math.round(baseline)} ms`,
  );
  console.log(
    `BENCH ${JSON.stringify({
      doctor_ms_median: Math.round(simulator),
      doctor_paper_ms_median: Math.round(paper),
      doctor_node_baseline_ms_median: Math.round(baseline),
      doctor_vs_node_ratio: Number((simulator / baseline).toFixed(1)),
      doctor_paper_vs_node_ratio: Number((paper / baseline).toFixed(1)),
    })}`,
  );
} finally {
  await exchange.close();
  rmSync(dataDir, { recursive: true, force: true });
}
