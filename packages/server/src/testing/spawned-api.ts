import { readFileSync } from 'node:fs';
import type { CaptchaChallenge } from '@balancer/core';
import { generate } from 'otplib';
import { solveCaptcha } from '../features/accounts/test-support.js';
import { logLines, type SpawnedServer } from './spawn-server.js';

/*
 * The client's part against a spawned server (a real process, over HTTP): root's first run (its
 * OTP secret is in the data folder's root-otp.txt, since the server's stdout is no terminal),
 * one-time codes that respect the server's replay rule, captchas, users and sessions. Browser
 * tests (packages/web/src/testing/sign-in.ts) and the upgrade test share it.
 */

export const TEST_PASSWORD = 'Correct-Horse-9-Battery';
const STEP_MS = 30_000;

/** Root's secret per server: its file is deleted once root has set its password. */
const rootSecrets = new Map<string, string>();

/**
 * Root's one-time-code secret. The spawned server's stdout is a pipe (as under systemd), so its
 * first start wrote the secret to a file in the data folder and logged only the file's path.
 */
export function rootOtpSecret(server: SpawnedServer): string {
  const known = rootSecrets.get(server.url);
  if (known) return known;
  const file = logLines(server.stdout()).find((line) =>
    String(line.file ?? '').endsWith('root-otp.txt'),
  )?.file;
  if (typeof file !== 'string') throw new Error(`no root-otp.txt in the server's log:\n${server.stdout()}`);
  const match = /otpauth:\/\/totp\/\S*[?&]secret=([A-Za-z0-9]+)/.exec(readFileSync(file, 'utf8'));
  if (!match?.[1]) throw new Error(`no otpauth URI in ${file}`);
  rootSecrets.set(server.url, match[1]);
  return match[1];
}

/**
 * One user's codes. The server spends a time step once per user and only moving forward, and it
 * accepts the steps next to the current one (±1: clock drift, typing time). So a user's codes run
 * from the step before the current one (when more than EDGE_MS of the current one is left, so the
 * code is still in the window when it arrives) up to the one after it: three codes without a wait;
 * a fourth waits for the clock to reach the step before it.
 */
const EDGE_MS = 5_000;
export class OtpClock {
  private lastStep = -1;
  constructor(readonly secret: string) {}

  async nextCode(): Promise<string> {
    const nowMs = Date.now();
    const now = Math.floor(nowMs / STEP_MS);
    const earliest = (now + 1) * STEP_MS - nowMs > EDGE_MS ? now - 1 : now;
    const step = Math.max(this.lastStep + 1, earliest);
    const waitMs = (step - 1) * STEP_MS - Date.now();
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 200));
    this.lastStep = step;
    return generate({ secret: this.secret, epoch: (step * STEP_MS) / 1000 });
  }
}

/** One clock per server and secret, so helpers used one after another never replay a step. */
const clocks = new Map<string, OtpClock>();
export function otpClock(server: SpawnedServer, secret: string): OtpClock {
  const key = `${server.url} ${secret}`;
  let clock = clocks.get(key);
  if (!clock) {
    clock = new OtpClock(secret);
    clocks.set(key, clock);
  }
  return clock;
}

export interface ApiCall {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  token?: string;
  otp?: string;
  /** Sent as the Cookie header as it is (`name=value`). */
  cookie?: string;
}

/** One API call to the spawned server: the response, its envelope, and the cookies it set. */
export async function fetchApi<T>(
  server: SpawnedServer,
  call: ApiCall,
): Promise<{ envelope: { success: boolean; data: T; error: string | null }; setCookies: string[] }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  if (call.otp) headers['otp-token'] = call.otp;
  if (call.cookie) headers.cookie = call.cookie;
  const response = await fetch(`${server.url}/${call.path.replace(/^\//, '')}`, {
    method: call.method ?? 'GET',
    headers,
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });
  const envelope = (await response.json()) as { success: boolean; data: T; error: string | null };
  return { envelope, setCookies: response.headers.getSetCookie() };
}

/** One API call to the spawned server (the envelope unwrapped; a failure throws its message). */
export async function callApi<T>(server: SpawnedServer, call: ApiCall): Promise<T> {
  const { envelope } = await fetchApi<T>(server, call);
  if (!envelope.success) throw new Error(`${call.method ?? 'GET'} ${call.path}: ${envelope.error}`);
  return envelope.data;
}

/** GET /altcha solved by brute force (SHA-256 at test cost: well under a second) as the widget's payload. */
export async function solvedCaptchaOf(server: SpawnedServer): Promise<string> {
  return solveCaptcha(await callApi<CaptchaChallenge>(server, { path: 'altcha' }));
}

/** Sets a user's password through the API (PATCH /auth/user/password: a code and a captcha). */
export async function setPassword(server: SpawnedServer, nickname: string, clock: OtpClock): Promise<void> {
  const altchaPayload = await solvedCaptchaOf(server);
  const otpToken = await clock.nextCode();
  const body = { nickname, newPassword: TEST_PASSWORD, otpToken, altchaPayload };
  await callApi(server, { method: 'PATCH', path: 'auth/user/password', body });
}

/**
 * Root creates a user of `authority` (1–4), reads their secret and the user sets their password:
 * returns the user's code clock.
 */
export async function createUser(
  server: SpawnedServer,
  root: { token: string; clock: OtpClock },
  nickname: string,
  authority: number,
): Promise<OtpClock> {
  const user = await callApi<{ id: string }>(server, {
    method: 'POST',
    path: 'auth/user',
    body: { nickname, authority },
    token: root.token,
    otp: await root.clock.nextCode(),
  });
  const { otpSecret } = await callApi<{ otpSecret: string }>(server, {
    path: `auth/user/${user.id}/otp-secret`,
    token: root.token,
  });
  const clock = otpClock(server, otpSecret);
  await setPassword(server, nickname, clock);
  return clock;
}

/** A signed-in session as a client without a browser holds it: the access token and the refresh cookie. */
export interface ApiSession {
  token: string;
  /** `name=value` of the refresh cookie, ready for the Cookie header. */
  cookie: string;
}

function sessionOf(result: Awaited<ReturnType<typeof fetchApi<string>>>, what: string): ApiSession {
  if (!result.envelope.success) throw new Error(`${what}: ${result.envelope.error}`);
  const cookie = result.setCookies
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('balancer_refresh='));
  if (!cookie) throw new Error(`${what}: no refresh cookie in the answer`);
  return { token: result.envelope.data, cookie };
}

/** POST /auth/jwt/sign-in (captcha and code), keeping the refresh cookie. */
export async function signInOverApi(
  server: SpawnedServer,
  nickname: string,
  clock: OtpClock,
): Promise<ApiSession> {
  const body = {
    nickname,
    password: TEST_PASSWORD,
    altchaPayload: await solvedCaptchaOf(server),
    otpToken: await clock.nextCode(),
  };
  return sessionOf(
    await fetchApi<string>(server, { method: 'POST', path: 'auth/jwt/sign-in', body }),
    'sign-in',
  );
}

/** GET /auth/jwt/refresh-jwt with a saved refresh cookie: a new access token and the rotated cookie. */
export async function refreshSession(server: SpawnedServer, cookie: string): Promise<ApiSession> {
  return sessionOf(await fetchApi<string>(server, { path: 'auth/jwt/refresh-jwt', cookie }), 'refresh');
}
