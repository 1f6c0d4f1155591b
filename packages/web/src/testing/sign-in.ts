import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { logLines, type SpawnedServer } from '@balancer/server/testing';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';

/*
 * Signing in inside browser tests (a spawned server, a playwright Page). Shared by every
 * *.browser.test.ts of the signed-in app: root's first run (its OTP secret is in the data folder's
 * root-otp.txt, since the server's stdout is no terminal), one-time codes that respect the server's replay rule, captcha solving for
 * direct API calls, and creating users of a given authority.
 */

export const TEST_PASSWORD = 'Correct-Horse-9-Battery';

/** A page `width` px wide that collects uncaught errors and console errors into `errors` (tests allow none). */
export async function openPage(browser: Browser, width: number, errors: string[]): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return page;
}
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
 * accepts the next step's code early (±1 step): each code is of the step after the last one used,
 * waiting for the clock when that step is more than one ahead.
 */
export class OtpClock {
  private lastStep = -1;
  constructor(readonly secret: string) {}

  async nextCode(): Promise<string> {
    const now = Math.floor(Date.now() / STEP_MS);
    const step = Math.max(this.lastStep + 1, now);
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
}

/** One API call to the spawned server (the envelope unwrapped; a failure throws its message). */
export async function callApi<T>(server: SpawnedServer, call: ApiCall): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  if (call.otp) headers['otp-token'] = call.otp;
  const response = await fetch(`${server.url}/${call.path.replace(/^\//, '')}`, {
    method: call.method ?? 'GET',
    headers,
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });
  const envelope = (await response.json()) as { success: boolean; data: T; error: string | null };
  if (!envelope.success) throw new Error(`${call.method ?? 'GET'} ${call.path}: ${envelope.error}`);
  return envelope.data;
}

interface Challenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber?: number;
}

/** GET /altcha solved by brute force (SHA-256 at test cost: well under a second) as the widget's payload. */
export async function solvedCaptcha(server: SpawnedServer): Promise<string> {
  const challenge = await callApi<Challenge>(server, { path: 'altcha' });
  const hash = challenge.algorithm.replace('-', '').toLowerCase();
  for (let number = 0; number <= (challenge.maxnumber ?? 1_000_000); number++) {
    const digest = createHash(hash).update(`${challenge.salt}${number}`).digest('hex');
    if (digest !== challenge.challenge) continue;
    const { algorithm, salt, signature } = challenge;
    const payload = { algorithm, challenge: challenge.challenge, number, salt, signature, took: 1 };
    return Buffer.from(JSON.stringify(payload)).toString('base64');
  }
  throw new Error('the captcha challenge has no solution');
}

/** Sets a user's password through the API (PATCH /auth/user/password: a code and a captcha). */
export async function setPassword(server: SpawnedServer, nickname: string, clock: OtpClock): Promise<void> {
  const altchaPayload = await solvedCaptcha(server);
  const otpToken = await clock.nextCode();
  const body = { nickname, newPassword: TEST_PASSWORD, otpToken, altchaPayload };
  await callApi(server, { method: 'PATCH', path: 'auth/user/password', body });
}

/** Ticks the sign-in form's captcha and waits until the widget solved the server's challenge. */
export async function solveCaptchaWidget(page: Page): Promise<void> {
  await page.getByText("I'm not a robot", { exact: true }).click();
  await expect.poll(() => page.getByText('Verified', { exact: true }).count(), { timeout: 30_000 }).toBe(1);
}

/** Signs `page` in through /auth/sign-in (captcha widget, one-time-code dialog); ends on /app. */
export async function signInThroughUi(
  page: Page,
  server: SpawnedServer,
  nickname: string,
  clock: OtpClock,
): Promise<void> {
  await page.goto(`${server.url}/auth/sign-in`);
  await page.getByLabel('Nickname').fill(nickname);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await solveCaptchaWidget(page);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const code = await clock.nextCode();
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/app');
}

/** Root's password is set once per server, whoever asks first. */
const rootReady = new Map<string, Promise<void>>();

/**
 * Signs root in on `page` (setting root's password through the API on the server's first use).
 * Returns root's code clock for later one-time codes (user management, OTP routes).
 */
export async function signInRoot(page: Page, server: SpawnedServer): Promise<OtpClock> {
  const clock = otpClock(server, rootOtpSecret(server));
  let ready = rootReady.get(server.url);
  if (!ready) {
    ready = setPassword(server, 'root', clock);
    rootReady.set(server.url, ready);
  }
  await ready;
  await signInThroughUi(page, server, 'root', clock);
  return clock;
}

/**
 * A fresh access token for the session signed in on `page` (its refresh cookie, rotated: the
 * page keeps its own token and the new cookie), for direct API calls as that user.
 */
export async function accessTokenOf(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const response = await fetch('/auth/jwt/refresh-jwt', { credentials: 'include' });
    const envelope = (await response.json()) as { success: boolean; data: string; error: string };
    if (!envelope.success) throw new Error(envelope.error);
    return envelope.data;
  });
}

/**
 * Root creates a user of `authority` (1–4), reads their secret and the user sets their password:
 * returns the user's code clock, ready for signInThroughUi.
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
