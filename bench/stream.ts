// `npx tsx --conditions=@balancer/source bench/stream.ts`: how long the realtime stream takes to
// bring a tick to 200 connected Socket.IO clients, against a bare Socket.IO server sending the same
// bytes in the same run. Starts the real platform in-process (default configuration: the
// simulator, a tick every 3 s) on a temporary data folder; 4 users sign in over the API with a real
// one-time code and a solved captcha, and each connects 50 clients (devices) with its refresh
// cookie, over websockets on loopback, in this same process.
// Each client follows the stream as the web app does (its essentials/stream-follow.ts): the
// essentials whole on connect, then a patch per tick applied to them. Per message: the client's
// receive time (patch applied) − the first socket write of a message after the engine's tick
// listeners ran for that tick (first-write.ts; the essentials carry the tick's market time, which
// keys the tick). One process, one clock.
// The bare baseline (bare-socket.ts: no auth, no rooms, one broadcast) has 200 more clients that
// follow the same way. 1.5 s after each product tick (half the cadence: the two never overlap and
// share the machine's conditions) it broadcasts the very patch the product sent that tick (so the
// same bytes), after the essentials whole once for its clients to follow on; timed the same way,
// from its first socket write to each client's patch applied.
// 5 rounds of 8 ticks: each round's p99 on each side, pooled over every message of its ticks, and
// their ratio; the figures are the medians over the rounds. Prints progress, then as its last line
// `BENCH {"stream_p50_ms": …, "stream_p99_ms": …, "stream_bare_p99_ms": …, "stream_p99_vs_bare": …,
// "stream_bytes_per_client_tick": …, "stream_patch_bytes": …}`. Nothing asserts on time.
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
import { type FirstWrites, firstWrites } from './first-write.js';
import { median, quantile } from './stats.mjs';

const USERS = 4;
const CLIENTS_PER_USER = 50;
const ROUNDS = 5;
const TICKS_PER_ROUND = 8;
/** The bare broadcast's delay after each product tick, ms (half the simulator's 3 s cadence). */
const BARE_OFFSET_MS = 1_500;
const say = (line: string) => process.stdout.write(`${line}\n`);

/** One side of the comparison: where its clock starts, and every client's latency by tick. */
interface Side {
  writes: FirstWrites | null;
  byTick: Map<number, number[]>;
  /** Messages with no first write to time them from (before the first tick measured, whole on connect). */
  unstamped: number;
  /** Patches that did not follow on from the client's essentials (none expected). */
  unfollowed: number;
}
const side = (): Side => ({ writes: null, byTick: new Map(), unstamped: 0, unfollowed: 0 });
const product = side();
const bare = side();

/** What the watching client held before each tick (by its time) and the patch it got. */
const seen = new Map<number, { before: StreamSnapshot; patch: StreamPatch }>();

/** Follows the stream as the web app does: whole, then patches; times each message on `on`. */
function follow(on: Side, socket: Socket, watch = false): void {
  let held: StreamSnapshot | null = null;
  const received = (essentials: StreamEssentials) => {
    const receivedAt = performance.now();
    const sentAt = on.writes?.at(essentials.time);
    if (sentAt === undefined) {
      on.unstamped += 1;
      return;
    }
    const took = receivedAt - sentAt;
    on.byTick.get(essentials.time)?.push(took) ?? on.byTick.set(essentials.time, [took]);
  };
  socket.on(ESSENTIALS_EVENT, (whole: StreamSnapshot) => {
    held = whole;
    received(whole.essentials);
  });
  socket.on(ESSENTIALS_PATCH_EVENT, (patch: StreamPatch) => {
    if (held?.seq !== patch.base) {
      on.unfollowed += 1;
      return;
    }
    const before = held;
    held = { seq: patch.seq, essentials: applyObjectPatch(held.essentials, patch) };
    if (watch) seen.set(held.essentials.time, { before, patch });
    received(held.essentials);
  });
}

/** Each round's p99 of one side, over every message of the round's ticks. */
const roundP99s = (on: Side, rounds: number[][]) =>
  rounds.map((ticks) =>
    quantile(
      ticks.flatMap((time) => on.byTick.get(time) ?? []),
      0.99,
    ),
  );

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
      product.writes = firstWrites(running.app.server);
      say(`signing ${USERS} users in and connecting ${USERS * CLIENTS_PER_USER} clients…`);
      for (const person of people) {
        const { cookie } = await signIn(running.app, person);
        for (let i = 0; i < CLIENTS_PER_USER; i++)
          sockets.push(await connect(url, cookie, (socket) => follow(product, socket, sockets.length === 0)));
      }

      say(`connecting ${USERS * CLIENTS_PER_USER} clients to a bare Socket.IO server…`);
      const baseline = await startBareStream(USERS * CLIENTS_PER_USER, (socket) => follow(bare, socket));
      bare.writes = baseline.writes;
      // Bytes of the stream's messages (Socket.IO packets as received) per client.
      let bytes = 0;
      for (const socket of sockets) {
        socket.io.engine.on('packet', (packet: { type: string; data?: unknown }) => {
          if (packet.type === 'message' && typeof packet.data === 'string')
            bytes += Buffer.byteLength(packet.data);
        });
      }
      let bareFollowing = false;
      /** The bare server sends what the watching client got for this tick (whole once before). */
      const sendBare = (time: number) => {
        const tick = seen.get(time);
        if (!tick) return;
        if (!bareFollowing) baseline.emit(ESSENTIALS_EVENT, tick.before);
        bareFollowing = true;
        baseline.writes.arm(time);
        baseline.emit(ESSENTIALS_PATCH_EVENT, tick.patch);
      };
      // The ticks measured, by their (market) time, in order; the first listener call wins.
      const ticks: number[] = [];
      const total = ROUNDS * TICKS_PER_ROUND;
      running.services.engine.require().onTick((snapshot) => {
        if (ticks.includes(snapshot.time)) return;
        ticks.push(snapshot.time);
        product.writes?.arm(snapshot.time);
        setTimeout(() => sendBare(snapshot.time), BARE_OFFSET_MS);
        if (ticks.length % TICKS_PER_ROUND === 0) say(`  ${ticks.length} of ${total} ticks`);
      });
      say(`waiting for ${total} ticks (one every 3 s), ${ROUNDS} rounds of ${TICKS_PER_ROUND}…`);
      while (ticks.length < total) await new Promise((resolve) => setTimeout(resolve, 500));
      // The last tick's messages, and the last bare broadcast, get a moment to arrive.
      await new Promise((resolve) => setTimeout(resolve, BARE_OFFSET_MS + 1_000));
      const measured = ticks.slice(0, total);
      const rounds = Array.from({ length: ROUNDS }, (_, r) =>
        measured.slice(r * TICKS_PER_ROUND, (r + 1) * TICKS_PER_ROUND),
      );
      const all = (on: Side) => measured.flatMap((time) => on.byTick.get(time) ?? []);
      for (const [name, on] of [
        ['product', product],
        ['bare', bare],
      ] as const) {
        say(
          `  ${name}: ${all(on).length} messages timed over ${measured.length} ticks (${measured.length * sockets.length} expected), ${on.unstamped} untimed (before the first tick measured, or whole on connect), ${on.unfollowed} patches not following on`,
        );
      }
      const productP99s = roundP99s(product, rounds);
      const bareP99s = roundP99s(bare, rounds);
      const ratios = productP99s.map((p99, r) => p99 / (bareP99s[r] ?? Number.NaN));
      for (const [r, ratio] of ratios.entries())
        say(
          `  round ${r + 1}: p99 product ${productP99s[r]?.toFixed(2)} ms, bare ${bareP99s[r]?.toFixed(2)} ms, ratio ${ratio.toFixed(2)}`,
        );
      const patchBytes = median(
        measured.flatMap((time) => {
          const tick = seen.get(time);
          return tick ? [Buffer.byteLength(`42${JSON.stringify([ESSENTIALS_PATCH_EVENT, tick.patch])}`)] : [];
        }),
      );
      // A Socket.IO event packet as the engine carries it: `42["essentials",{"seq":…,"essentials":{…}}]`.
      const first = seen.get(measured[0] ?? Number.NaN)?.before;
      const fullBytes = first ? Buffer.byteLength(`42${JSON.stringify([ESSENTIALS_EVENT, first])}`) : 0;
      const perClientTick = bytes / (sockets.length * measured.length);
      say(
        `  ${perClientTick.toFixed(0)} bytes per client per tick; a patch ${patchBytes} bytes, the essentials whole ${fullBytes}`,
      );
      await baseline.close();
      const round = (value: number) => Number(value.toFixed(2));
      say(
        `BENCH ${JSON.stringify({
          stream_p50_ms: round(quantile(all(product), 0.5)),
          stream_p99_ms: round(median(productP99s)),
          stream_bare_p50_ms: round(quantile(all(bare), 0.5)),
          stream_bare_p99_ms: round(median(bareP99s)),
          stream_p99_vs_bare: round(median(ratios)),
          stream_bytes_per_client_tick: Math.round(perClientTick),
          stream_patch_bytes: patchBytes,
          stream_full_payload_bytes: fullBytes,
          stream_clients: sockets.length,
          stream_ticks: measured.length,
          stream_rounds: ROUNDS,
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
