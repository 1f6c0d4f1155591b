// `npx tsx --conditions=@balancer/source bench/stream.ts`: how long the realtime stream takes to
// bring a tick to 200 connected Socket.IO clients. Starts the real platform in-process (default
// configuration: the simulator, a tick every 3 s) on a temporary data folder; 4 users sign in over
// the API with a real one-time code and a solved captcha, and each connects 50 clients (devices)
// with its refresh cookie, over websockets on loopback, in this same process.
// Per message: the client's receive time − the wall time the engine's tick listeners ran for that
// tick (a listener added next to the stream's; the essentials carry the tick's market time, which
// in the simulator is the replay's clock, so it only keys the tick). One process, one clock.
// Prints progress, then as its last line `BENCH {"stream_p50_ms": …, "stream_p99_ms": …}` over
// ≥ 30 ticks. Nothing asserts on time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '@balancer/server/testing';
import type { Socket } from 'socket.io-client';
import {
  connectStream as connect,
  prepareUsers,
  signInOverApi as signIn,
  startBenchPlatform,
} from './bench-users.js';
import { quantile } from './stats.mjs';

const USERS = 4;
const CLIENTS_PER_USER = 50;
const TICKS = 30;
const say = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'balancer-bench-stream-'));
  const env = {
    BALANCER_DATA_DIR: dir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_FORMAT: 'json',
  };
  const sockets: Socket[] = [];
  try {
    say('preparing users…');
    const people = await prepareUsers(env, 'stream', USERS);
    const { running, url } = await startBenchPlatform(env);
    try {
      say(`signing ${USERS} users in and connecting ${USERS * CLIENTS_PER_USER} clients…`);
      for (const person of people) {
        const { cookie } = await signIn(running.app, person);
        for (let i = 0; i < CLIENTS_PER_USER; i++) sockets.push(await connect(url, cookie));
      }

      // Wall time at which the tick listeners ran, by the tick's (market) time; the first wins.
      const tickedAt = new Map<number, number>();
      const latencies: number[] = [];
      let missing = 0;
      running.services.engine.require().onTick((snapshot) => {
        if (!tickedAt.has(snapshot.time)) tickedAt.set(snapshot.time, performance.now());
      });
      for (const socket of sockets) {
        socket.on('essentials', (update: { time: number }) => {
          const at = tickedAt.get(update.time);
          if (at === undefined)
            missing += 1; // a tick published before the listener was added
          else latencies.push(performance.now() - at);
        });
      }
      say(`waiting for ${TICKS} ticks (one every 3 s)…`);
      while (tickedAt.size < TICKS + 1) await new Promise((resolve) => setTimeout(resolve, 500));
      // The last tick's messages get a moment to arrive.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      latencies.sort((a, b) => a - b);
      const expected = tickedAt.size * sockets.length;
      say(
        `  ${latencies.length} messages over ${tickedAt.size} ticks (${expected} expected, ${missing} from before the measurement); max ${latencies.at(-1)?.toFixed(1)} ms`,
      );
      const p50 = quantile(latencies, 0.5);
      const p99 = quantile(latencies, 0.99);
      say(`  tick → client: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`);
      say(
        `BENCH ${JSON.stringify({ stream_p50_ms: Number(p50.toFixed(2)), stream_p99_ms: Number(p99.toFixed(2)), stream_clients: sockets.length, stream_ticks: tickedAt.size })}`,
      );
    } finally {
      for (const socket of sockets) socket.disconnect();
      await running.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
