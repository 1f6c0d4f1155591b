// `npx tsx --conditions=@balancer/source bench/signin.ts`: the cost of signing in, and what
// authentication costs a request. Starts the real platform in-process on a temporary data folder
// (embedded PGlite), then:
//   1. signin_ms_median: 32 users each set a password and sign in over HTTP with a real one-time
//      code and a solved captcha (solved before the clock starts); the median round trip of
//      POST /auth/jwt/sign-in (argon2id verify, TOTP check, captcha redeem, session insert).
//   2. auth_get_vs_bare: requests/s of GET /auth/user/me as an authority-1 user (the lightest
//      authenticated route: bearer JWT check, the user's current authority, the guards) ÷
//      requests/s of GET /ping, both measured by autocannon (in a worker thread, loopback,
//      10 connections, 5 s each) in the same run.
// Rate limits stay ON and are measured within: TRUST_PROXY=true and each request carries one of
// 2,000 X-Forwarded-For addresses, so every (address, route) stays under its tier (the script
// checks the worst case and fails if it could have been limited). Prints progress lines, then as
// its last line `BENCH {"signin_ms_median": …, "auth_get_vs_bare": …}`. Nothing asserts on time.
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { generate } from 'otplib';
import { type BenchUser, benchEnvironment, prepareUsers, startBenchPlatform } from './bench-users.js';

interface AutocannonResult {
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const USERS = 32;
const ADDRESSES = 2_000;
const DURATION_S = 5;
const TIERS = { ping: 400, users: 200 }; // open and standard: requests per address per 15 min

const say = (line: string) => process.stdout.write(`${line}\n`);
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.9.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

/** ALTCHA v1: find n with sha256(salt + n) = challenge; ~1 µs a hash with node:crypto. */
function solve(challenge: {
  challenge: string;
  salt: string;
  signature: string;
  maxnumber?: number;
}): string {
  for (let n = 0; n <= (challenge.maxnumber ?? 1_000_000); n++) {
    if (createHash('sha256').update(`${challenge.salt}${n}`).digest('hex') === challenge.challenge) {
      const { salt, signature } = challenge;
      const payload = { algorithm: 'SHA-256', challenge: challenge.challenge, number: n, salt, signature };
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    }
  }
  throw new Error('unsolvable captcha');
}

async function api(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      'x-forwarded-for': nextAddress(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as { success: boolean; data: unknown; error: string | null };
  if (!envelope.success) throw new Error(`${method} ${url}: ${envelope.error}`);
  return envelope.data;
}

const captcha = async (base: string) =>
  solve((await api(base, 'GET', '/altcha')) as Parameters<typeof solve>[0]);
/** The code of the step containing `atMs`. */
const codeAt = (secret: string, atMs: number) => generate({ secret, epoch: Math.floor(atMs / 1000) });

/** Sets the password with this step's code; returns the sign-in body with the next step's code. */
async function readyToSignIn(base: string, person: BenchUser) {
  await api(base, 'PATCH', '/auth/user/password', {
    nickname: person.nickname,
    newPassword: person.password,
    otpToken: await codeAt(person.secret, Date.now()),
    altchaPayload: await captcha(base),
  });
  return {
    nickname: person.nickname,
    password: person.password,
    // One step ahead: later than the step just spent, and within the ±1 step the server accepts.
    otpToken: await codeAt(person.secret, Date.now() + 30_000),
    altchaPayload: await captcha(base),
  };
}

async function requestsPerSecond(base: string, url: string, token?: string): Promise<number> {
  const requests = Array.from({ length: ADDRESSES }, () => ({
    method: 'GET',
    path: url,
    headers: { 'x-forwarded-for': nextAddress(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  }));
  const result = await autocannon({ url: base, connections: 10, duration: DURATION_S, workers: 1, requests });
  // Each connection walks the address list from its start: at most ceil(total / connections / addresses) per address per connection.
  const perAddress = Math.ceil(result.requests.total / 10 / ADDRESSES) * 10;
  say(
    `  ${url}: ${Math.round(result.requests.average)} req/s, ${result.requests.total} requests, ≤ ${perAddress} per address, non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
  const tier = url === '/ping' ? TIERS.ping : TIERS.users;
  if (result.non2xx > 0 || result.errors > 0 || perAddress > tier)
    throw new Error(`${url}: the run was not clean`);
  return result.requests.average;
}

async function main() {
  const { dir, env } = await benchEnvironment('signin', { TRUST_PROXY: 'true', LOG_LEVEL: 'info' });
  try {
    say('preparing root and users…');
    const [loadUser, ...users] = (await prepareUsers(env, 'bench', USERS + 1)).reverse();
    if (!loadUser) throw new Error('no users');
    const { running, url: base } = await startBenchPlatform(env);
    try {
      say(`signing in ${USERS} users…`);
      const times: number[] = [];
      for (const person of users) {
        const body = await readyToSignIn(base, person);
        const started = performance.now();
        await api(base, 'POST', '/auth/jwt/sign-in', body);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const median = ((times[USERS / 2 - 1] ?? 0) + (times[USERS / 2] ?? 0)) / 2;
      say(
        `  sign-in: median ${median.toFixed(1)} ms, min ${times[0]?.toFixed(1)} ms, max ${times.at(-1)?.toFixed(1)} ms`,
      );

      const token = (await api(
        base,
        'POST',
        '/auth/jwt/sign-in',
        await readyToSignIn(base, loadUser),
      )) as string;
      say(`autocannon, ${DURATION_S} s each, 10 connections, loopback…`);
      const bare = await requestsPerSecond(base, '/ping');
      const authed = await requestsPerSecond(base, '/auth/user/me', token);
      const ratio = authed / bare;
      say(`  authenticated GET ÷ bare GET = ${ratio.toFixed(3)}`);
      say(
        `BENCH ${JSON.stringify({ signin_ms_median: Number(median.toFixed(1)), auth_get_vs_bare: Number(ratio.toFixed(3)) })}`,
      );
    } finally {
      await running.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
