// Shared by startup.mjs and soak.mjs: the bare baseline's process, resident memory, and root's
// signed-in session on a spawned server (its first start wrote root's secret to the data folder).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  OtpClock,
  rootOtpSecret,
  setPassword,
  signInOverApi,
} from '../packages/server/.tsbuild/testing/index.js';

const BARE = fileURLToPath(new URL('bare-server.mjs', import.meta.url));

/** Resident memory of a process, MB. @param {number} pid */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Peak resident memory of a process so far (VmHWM), MB. @param {number} pid */
export function peakRssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** Clock ticks per second of /proc/PID/stat's CPU times (USER_HZ: 100 on Linux). */
const USER_HZ = 100;

/**
 * CPU time a process has used so far (user + system, all its threads), ms: unlike wall time, a
 * busy shared machine barely changes it.
 * @param {number} pid
 */
export function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at the state, field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
}

/**
 * bench/bare-server.mjs on `dataDir` and `port`, once it printed that it is ready: its pid, URL
 * and stop() (SIGTERM, resolves on exit).
 * @param {string} dataDir @param {number} port
 */
export function spawnBare(dataDir, port) {
  const child = spawn(process.execPath, [BARE], {
    cwd: path.dirname(BARE),
    env: { ...process.env, BALANCER_DATA_DIR: dataDir, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.once('close', resolve));
  return new Promise((resolve, reject) => {
    const collect = (/** @type {Buffer} */ chunk) => {
      output += chunk.toString();
      const match = /bare ready at (\S+)/.exec(output);
      if (match?.[1]) {
        resolve({
          pid: /** @type {number} */ (child.pid),
          url: match[1],
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    void exited.then((code) => reject(new Error(`the bare server exited (${code}):\n${output}`)));
  });
}

/**
 * Root's one-time-code clock, its password set: call once on the server of the data folder's first
 * start. Later servers on the same folder sign root in with the same clock.
 * @param {import('../packages/server/.tsbuild/testing/index.js').SpawnedServer} first
 */
export async function prepareRoot(first) {
  const clock = new OtpClock(rootOtpSecret(first));
  await setPassword(first, 'root', clock);
  return clock;
}

let addresses = 0;
/**
 * A client address of its own for the server's per-IP rate limits (the server runs with
 * TRUST_PROXY=true): the limits stay on, each simulated client stays under them.
 */
export function nextAddress() {
  addresses++;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/**
 * One signed-in GET with `token` from address `from` (default: a new one per call), the envelope
 * unwrapped; a failed answer throws.
 * @param {string} url @param {string} token
 */
export function signedReader(url, token) {
  return async (/** @type {string} */ apiPath, from = nextAddress()) => {
    const response = await fetch(`${url}/${apiPath}`, {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': from },
    });
    const envelope = await response.json();
    if (!envelope.success) throw new Error(`GET ${apiPath}: ${envelope.error}`);
    return envelope.data;
  };
}

/**
 * Root signed in on `server`: its session and a signedReader with its token.
 * @param {import('../packages/server/.tsbuild/testing/index.js').SpawnedServer} server
 * @param {OtpClock} clock
 */
export async function rootSession(server, clock) {
  const session = await signInOverApi(server, 'root', clock);
  return { session, read: signedReader(server.url, session.token) };
}

/** `count` calls of `one`, `parallel` at a time. @param {number} count @param {number} parallel @param {() => Promise<unknown>} one */
export async function repeat(count, parallel, one) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      await one();
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
