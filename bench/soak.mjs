// Soak benchmark: the built server on the simulator for SOAK_MINUTES (default 60) with a few
// signed-in clients polling as the web app does and a few stream sockets, its resident memory
// sampled every minute. Long: `npm run bench` skips it unless named (`npm run bench -- soak`).
// Prints the samples, then `BENCH {"soak_rss_mb_max", "soak_rss_mb_last", "soak_minutes"}`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connectClient } from 'socket.io-client';
import {
  freePort,
  REFRESH_COOKIE,
  refreshSession,
  STREAM_PATH,
  spawnServer,
} from '../packages/server/.tsbuild/testing/index.js';
import { nextAddress, prepareRoot, rootSession, rssMb, signedReader, sleep } from './processes.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 60);
const CLIENTS = 3;
const SOCKETS = 5;
const MINUTE_MS = 60_000;
/** The web app's schedule (packages/web): balances every 10 s, essentials every 2 minutes. */
const POLLS = [
  { path: 'position/balances', everyMs: 10_000 },
  { path: 'data-join/app-essentials', everyMs: 120_000 },
  { path: 'auth/user/me', everyMs: 120_000 },
];
/** Access tokens are short-lived: the client refreshes well within their life. */
const REFRESH_EVERY_MS = 5 * MINUTE_MS;

/** @param {string} url @param {string} cookie */
function connectStream(url, cookie) {
  return new Promise((resolve, reject) => {
    const socket = connectClient(url, {
      path: STREAM_PATH,
      transports: ['websocket'],
      extraHeaders: { cookie, 'x-forwarded-for': nextAddress() },
      reconnection: true,
      forceNew: true,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function soak() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-soak-'));
  const env = { BALANCER_DATA_DIR: dataDir, LOG_LEVEL: 'warn', TRUST_PROXY: 'true' };
  const first = await spawnServer({ ...env, PORT: String(await freePort()) }, 60_000);
  const clock = await prepareRoot(first);
  await first.stop();
  const server = await spawnServer({ ...env, PORT: String(await freePort()) }, 60_000);
  const pid = /** @type {number} */ (server.process.pid);
  let root = await rootSession(server, clock);
  let cookie = root.session.cookie;
  let failures = 0;
  let reads = 0;
  const timers = [];
  const refresh = async () => {
    const renewed = await refreshSession(server, cookie);
    cookie = renewed.cookie;
    root = { session: renewed, read: signedReader(server.url, renewed.token) };
  };
  timers.push(setInterval(() => void refresh().catch(() => failures++), REFRESH_EVERY_MS));
  for (let client = 0; client < CLIENTS; client++) {
    const from = nextAddress();
    for (const poll of POLLS) {
      const once = () =>
        root
          .read(poll.path, from)
          .then(() => reads++)
          .catch(() => failures++);
      void once();
      timers.push(setInterval(once, poll.everyMs));
    }
  }
  const [name, value] = cookie.split('=');
  if (name !== REFRESH_COOKIE) throw new Error(`unexpected refresh cookie ${name}`);
  const sockets = [];
  let events = 0;
  for (let i = 0; i < SOCKETS; i++) {
    const socket = /** @type {import('socket.io-client').Socket} */ (
      await connectStream(server.url, `${name}=${value}`)
    );
    socket.onAny(() => events++);
    sockets.push(socket);
  }

  const samples = [rssMb(pid)];
  process.stdout.write(`minute 0: ${samples[0]} MB\n`);
  for (let minute = 1; minute <= MINUTES; minute++) {
    await sleep(MINUTE_MS);
    samples.push(rssMb(pid));
    process.stdout.write(
      `minute ${minute}: ${samples[minute]} MB (reads ${reads}, failed ${failures}, stream events ${events})\n`,
    );
  }
  for (const timer of timers) clearInterval(timer);
  for (const socket of sockets) socket.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    soak_rss_mb_max: Math.max(...samples),
    soak_rss_mb_last: samples[samples.length - 1] ?? 0,
    soak_minutes: MINUTES,
  };
}

const figures = await soak();
process.stdout.write(`BENCH ${JSON.stringify(figures)}\n`);
