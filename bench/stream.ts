// `npx tsx --conditions=@balancer/source bench/stream.ts`: how long the realtime stream takes to
// bring a tick to 200 connected Socket.IO clients. Starts the real platform in-process (default
// configuration: the simulator, a tick every 3 s) on a temporary data folder; 4 users sign in over
// the API with a real one-time code and a solved captcha, and each connects 50 clients (devices)
// with its refresh cookie, over websockets on loopback, in this same process.
// Each client follows the stream as the web app does: the essentials whole on connect, then a
// patch per tick applied to them. Per message: the client's receive time (patch applied) − the
// wall time the engine's tick listeners ran for that tick (a listener added next to the stream's;
// the essentials carry the tick's market time, which in the simulator is the replay's clock, so it
// only keys the tick). One process, one clock.
// The bare baseline, in the same process and run: a plain Socket.IO server on another port
// (bare-socket.ts: no auth, no rooms, one broadcast) with 200 more clients, broadcasting the
// product's full per-tick payload (the essentials a client gets whole, its bytes as sent) 1.5 s
// after each product tick (so the two never overlap and share the machine's conditions), timed
// the same way: the client's receive time − the wall time of the emit.
// Prints progress, then as its last line `BENCH {"stream_p50_ms": …, "stream_p99_ms": …,
// "stream_bare_p99_ms": …, "stream_p99_vs_bare": …, "stream_bytes_per_client_tick": …}` over
// ≥ 30 ticks (p50/p99 pooled over every message of every tick, both sides alike). Nothing asserts
// on time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  applyObjectPatch,
  ESSENTIALS_EVENT,
  ESSENTIALS_PATCH_EVENT,
  type StreamEssentials,
  type StreamPatch,
  type StreamSnapshot,
} from '@balancer/core';
import { freePort } from '@balancer/server/testing';
import type { Socket } from 'socket.io-client';
import { startBareStream } from './bare-socket.js';
import {
  connectStream as connect,
  prepareUsers,
  signInOverApi as signIn,
  startBenchPlatform,
} from './bench-users.js';
import { median, quantile } from './stats.mjs';

const USERS = 4;
const CLIENTS_PER_USER = 50;
const TICKS = 30;
/** The bare broadcast's delay after each product tick, ms (half the simulator's 3 s cadence). */
const BARE_OFFSET_MS = 1_500;
const say = (line: string) => process.stdout.write(`${line}\n`);

/** The first essentials event received whole (`{seq, essentials}`): the bare server's payload. */
let fullPayload: StreamSnapshot | undefined;
/** Called with the essentials each client holds after each event (whole or rebuilt from a patch). */
let onEssentials: (essentials: StreamEssentials) => void = () => {};
/** Patches that did not follow on from the client's essentials (none expected). */
let unfollowed = 0;

/** Follows the stream as the web app does (its essentials/stream-follow.ts): whole, then patches. */
function follow(socket: Socket): void {
  let held: StreamSnapshot | null = null;
  socket.on(ESSENTIALS_EVENT, (whole: StreamSnapshot) => {
    fullPayload ??= whole;
    held = whole;
    onEssentials(whole.essentials);
  });
  socket.on(ESSENTIALS_PATCH_EVENT, (patch: StreamPatch) => {
    if (held?.seq !== patch.base) {
      unfollowed += 1;
      return;
    }
    held = { seq: patch.seq, essentials: applyObjectPatch(held.essentials, patch) };
    onEssentials(held.essentials);
  });
}

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
        for (let i = 0; i < CLIENTS_PER_USER; i++) sockets.push(await connect(url, cookie, follow));
      }

      say(`connecting ${USERS * CLIENTS_PER_USER} clients to a bare Socket.IO server…`);
      const bare = await startBareStream(USERS * CLIENTS_PER_USER);
      // Bytes of the stream's messages (Socket.IO packets as received) per client.
      let bytes = 0;
      for (const socket of sockets) {
        socket.io.engine.on('packet', (packet: { type: string; data?: unknown }) => {
          if (packet.type === 'message' && typeof packet.data === 'string')
            bytes += Buffer.byteLength(packet.data);
        });
      }
      // Wall time at which the tick listeners ran, by the tick's (market) time; the first wins.
      const tickedAt = new Map<number, number>();
      const latencies: number[] = [];
      const byTick = new Map<number, number[]>();
      let missing = 0;
      running.services.engine.require().onTick((snapshot) => {
        if (!tickedAt.has(snapshot.time)) tickedAt.set(snapshot.time, performance.now());
        if (fullPayload !== undefined) setTimeout(() => bare.emit(fullPayload), BARE_OFFSET_MS);
      });
      onEssentials = (essentials) => {
        const at = tickedAt.get(essentials.time);
        if (at === undefined)
          missing += 1; // a tick published before the listener was added
        else {
          const took = performance.now() - at;
          latencies.push(took);
          byTick.get(essentials.time)?.push(took) ?? byTick.set(essentials.time, [took]);
        }
      };
      say(`waiting for ${TICKS} ticks (one every 3 s)…`);
      while (tickedAt.size < TICKS + 1) await new Promise((resolve) => setTimeout(resolve, 500));
      // The last tick's messages, and the last bare broadcast, get a moment to arrive.
      await new Promise((resolve) => setTimeout(resolve, BARE_OFFSET_MS + 1_000));
      latencies.sort((a, b) => a - b);
      const expected = tickedAt.size * sockets.length;
      say(
        `  ${latencies.length} messages over ${tickedAt.size} ticks (${expected} expected, ${missing} from before the measurement, ${unfollowed} patches not following on); max ${latencies.at(-1)?.toFixed(1)} ms`,
      );
      const p50 = quantile(latencies, 0.5);
      const p99 = quantile(latencies, 0.99);
      say(`  tick → client: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`);
      const bareP50 = quantile(bare.latencies, 0.5);
      const bareP99 = quantile(bare.latencies, 0.99);
      // A Socket.IO event packet as the engine carries it: `2["essentials",{"seq":…,"essentials":{…}}]`.
      const fullBytes = Buffer.byteLength(`2${JSON.stringify(['essentials', fullPayload])}`);
      say(
        `  bare Socket.IO, ${bare.byTick.length} broadcasts of the full payload (${fullBytes} bytes): p50 ${bareP50.toFixed(2)} ms, p99 ${bareP99.toFixed(2)} ms`,
      );
      const perTickP99 = (ticks: number[][]) =>
        median(ticks.filter((t) => t.length > 0).map((t) => quantile(t, 0.99)));
      say(
        `  median of the per-tick p99s: product ${perTickP99([...byTick.values()]).toFixed(2)} ms, bare ${perTickP99(bare.byTick).toFixed(2)} ms`,
      );
      const perClientTick = bytes / (sockets.length * tickedAt.size);
      say(`  ${perClientTick.toFixed(0)} bytes per client per tick (full payload ${fullBytes} bytes)`);
      await bare.close();
      const round = (value: number) => Number(value.toFixed(2));
      say(
        `BENCH ${JSON.stringify({
          stream_p50_ms: round(p50),
          stream_p99_ms: round(p99),
          stream_bare_p50_ms: round(bareP50),
          stream_bare_p99_ms: round(bareP99),
          stream_p99_vs_bare: round(p99 / bareP99),
          stream_bytes_per_client_tick: Math.round(perClientTick),
          stream_full_payload_bytes: fullBytes,
          stream_clients: sockets.length,
          stream_ticks: tickedAt.size,
        })}`,
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
