// `npx tsx --conditions=@balancer/source bench/stop.ts`: how long the built server (as `npm start`
// runs it) takes to stop on SIGTERM while the engine executes a manual order. Each run: a fresh
// embedded database, the local Binance-compatible server, a trader; once the engine has ticked,
// the trader asks for a manual increase and SIGTERM goes out as soon as its order request has
// reached the exchange; the figure is SIGTERM to process exit, median of 5 runs.
// - stop_with_order_in_flight_ms: the exchange executes the order but holds its answer (a hung
//   connection): the worst case;
// - stop_with_order_confirming_ms: the exchange answers at once; the engine is then waiting to look
//   the order up (its confirmation delay is 10 s).
// README promises a stop under 5 s (Docker's default grace is 10 s).
// Prints one line per run, then as its last line `BENCH {…}`. Nothing asserts on time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  marketStateReady,
  placeManualOrder,
  prepareOrderInFlight,
  spawnServer,
} from '@balancer/server/testing';
import { median } from './stats.mjs';

const RUNS = 5;
const say = (line: string) => process.stdout.write(`${line}\n`);

async function oneRun(hang: boolean): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-bench-stop-'));
  const setup = await prepareOrderInFlight({ dataDir });
  try {
    const server = await spawnServer(setup.env, 60_000);
    await marketStateReady(server.url, setup.trader);
    const { answer } = await placeManualOrder(setup, server.url, { hang });
    const started = performance.now();
    const code = await server.stop();
    const ms = performance.now() - started;
    const answered = await answer;
    const reply =
      answered instanceof Error ? `no answer (${answered.message})` : (answered.error ?? 'success');
    say(
      `${hang ? 'hung' : 'answered'} order: stopped in ${Math.round(ms)} ms, exit ${code}; the request got: ${reply}`,
    );
    return ms;
  } finally {
    await setup.exchange.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const hung: number[] = [];
const confirming: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  hung.push(await oneRun(true));
  confirming.push(await oneRun(false));
}
const figures = {
  stop_with_order_in_flight_ms: Math.round(median(hung)),
  stop_with_order_confirming_ms: Math.round(median(confirming)),
};
process.stdout.write(`BENCH ${JSON.stringify(figures)}\n`);
