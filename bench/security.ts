// `npx tsx --conditions=@balancer/source bench/security.ts`: how fast a revocation reaches the
// devices that hold the session, and how many guesses the throttles leave an attacker.
// Starts the real platform in-process (embedded PGlite, simulator) on a temporary data folder.
//   1. revocation_ms_p50 / _max: 10 users each sign in over the API (real code and captcha) and
//      connect 2 stream clients (two windows) with the refresh cookie; then each signs out of all
//      devices over HTTP, and the time runs from sending that request until both clients have
//      received `session-ended` and been disconnected (target: within 1 s).
//   2. guesses_per_day_one_account: the new-device budget (guessing-policy.ts) played out over 24 h
//      by an attacker with unlimited addresses and no device cookie who tries again the moment each
//      throttle ends (target ≤ 100; guessing-policy.test.ts plays it with the address throttles
//      too, and bench/guessing-attack.ts through the API).
// Prints progress, then as its last line `BENCH {…}`. Nothing asserts on time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { call, freePort, guessesPerDay } from '@balancer/server/testing';
import type { Socket } from 'socket.io-client';
import { connectStream, prepareUsers, signInOverApi, startBenchPlatform } from './bench-users.js';
import { median } from './stats.mjs';

const USERS = 10;
const say = (line: string) => process.stdout.write(`${line}\n`);

/** Resolves once the socket got `session-ended` and was disconnected, with the wall time then. */
function ended(socket: Socket): Promise<number> {
  let told = false;
  socket.on('session-ended', () => {
    told = true;
  });
  return new Promise((resolve, reject) =>
    socket.once('disconnect', () =>
      told ? resolve(performance.now()) : reject(new Error('disconnected without session-ended')),
    ),
  );
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'balancer-bench-security-'));
  const env = {
    BALANCER_DATA_DIR: dir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_FORMAT: 'json',
  };
  try {
    say('preparing users…');
    const people = await prepareUsers(env, 'revoke', USERS);
    const { running, url } = await startBenchPlatform(env);
    const latencies: number[] = [];
    try {
      for (const person of people) {
        const { cookie, token } = await signInOverApi(running.app, person);
        const windows = [await connectStream(url, cookie), await connectStream(url, cookie)];
        const gone = windows.map(ended);
        const start = performance.now();
        const out = await fetch(`${url}/auth/jwt/sign-out`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ allDevices: true }),
        });
        if (!((await out.json()) as { success: boolean }).success) throw new Error('sign-out failed');
        const last = Math.max(...(await Promise.all(gone)));
        latencies.push(last - start);
        const refused = await call(running.app, {
          method: 'GET',
          url: '/auth/user/me',
          token,
        });
        if (refused.code !== 4252) throw new Error(`the token still works after sign-out: ${refused.raw}`);
      }
    } finally {
      await running.stop();
    }
    const p50 = median(latencies);
    const max = Math.max(...latencies);
    say(
      `  sign-out of all devices → both windows disconnected: p50 ${p50.toFixed(1)} ms, max ${max.toFixed(1)} ms`,
    );
    const guesses = guessesPerDay();
    say(`  guesses a day on one account with unlimited addresses: ${guesses}`);
    say(
      `BENCH ${JSON.stringify({
        revocation_ms_p50: Number(p50.toFixed(1)),
        revocation_ms_max: Number(max.toFixed(1)),
        guesses_per_day_one_account: guesses,
      })}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
