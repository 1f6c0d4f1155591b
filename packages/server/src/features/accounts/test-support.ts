import { hash } from 'node:crypto';
import { type CaptchaChallenge, parseCodedMessage } from '@balancer/core';
import { createChallenge } from 'altcha-lib/v1';
import type { FastifyInstance } from 'fastify';
import { CAPTCHA_TTL_MS } from './captcha.js';
import { DEVICE_COOKIE_PREFIX } from './device-cookie.js';
import { otpCodeAt } from './otp.js';
import { REFRESH_COOKIE } from './refresh-cookie.js';

// Helpers for the accounts tests and the sign-in benchmark: they play the client's part.

/**
 * Solves an ALTCHA v1 challenge with node:crypto's one-shot hash (~0.6 µs a hash here, so ≤ 0.6 s
 * at 1,000,000; createHash per number took ~1 µs, the library's own solver ~20 µs in Node) and
 * returns the payload the widget would send.
 */
export function solveCaptcha(challenge: CaptchaChallenge): string {
  const max = challenge.maxnumber ?? 1_000_000;
  for (let number = 0; number <= max; number++) {
    if (hash('sha256', `${challenge.salt}${number}`) === challenge.challenge) {
      return captchaPayload(challenge, number);
    }
  }
  throw new Error('the captcha challenge has no solution');
}

/** The widget's payload for a solved challenge: base64 of JSON. */
export function captchaPayload(challenge: CaptchaChallenge, number: number): string {
  const { algorithm, salt, signature } = challenge;
  return Buffer.from(
    JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature, took: 1 }),
  ).toString('base64');
}

/** The secret in an otpauth URI (`otpauth://totp/…?secret=…`) found anywhere in a text. */
export function otpSecretIn(text: string): string {
  const match = /otpauth:\/\/totp\/\S*[?&]secret=([A-Z2-7]+)/.exec(text);
  if (!match?.[1]) throw new Error('no otpauth URI in the text');
  return match[1];
}

/** The current code of `secret` at `nowMs`. */
export const codeAt = otpCodeAt;

let ipCounter = 0;
/** A fresh client IP per call (10.x.y.z), so per-IP rate limits never mix tests up. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface CallOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  token?: string;
  otp?: string;
  body?: unknown;
  ip?: string;
  /** The refresh cookie's signed value (decoded, as `CallResult.refreshCookie` gives it). */
  refreshCookie?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  success: boolean;
  data: unknown;
  error: string | null;
  /** The envelope's error code; undefined on success. */
  code: number | undefined;
  /** The refresh cookie the answer set (signed value), '' when it cleared it, undefined if untouched. */
  refreshCookie: string | undefined;
  /** The device cookie the answer set, as a Cookie header's `name=value` (device-cookie.ts). */
  deviceCookie: string | undefined;
  setCookie: string[];
  raw: string;
}

/** One request through `inject()`, read as the client reads it. */
export async function call(app: FastifyInstance, options: CallOptions): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.otp) headers['otp-token'] = options.otp;
  if (options.refreshCookie !== undefined)
    headers.cookie = `${REFRESH_COOKIE}=${encodeURIComponent(options.refreshCookie)}`;
  const response = await app.inject({
    method: options.method,
    url: options.url,
    headers,
    remoteAddress: options.ip ?? nextIp(),
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  const raw = response.body;
  const parsed = JSON.parse(raw) as { success: boolean; data: unknown; error: string | null };
  const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE);
  const device = response.cookies.find((c) => c.name.startsWith(DEVICE_COOKIE_PREFIX));
  const setCookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return {
    status: response.statusCode,
    ...parsed,
    code: parsed.error ? parseCodedMessage(parsed.error).code : undefined,
    refreshCookie: cookie ? cookie.value : undefined,
    deviceCookie: device ? `${device.name}=${encodeURIComponent(device.value)}` : undefined,
    setCookie,
    raw,
  };
}

/** GET /altcha and solve it. */
export async function solvedCaptcha(app: FastifyInstance): Promise<string> {
  const answer = await call(app, { method: 'GET', url: '/altcha' });
  return solveCaptcha(answer.data as CaptchaChallenge);
}

/**
 * A solved captcha at the cost of microseconds: a challenge signed with the app's own
 * ALTCHA_HMAC_KEY whose secret number is at most 1,000, so the server's check (signature, hash,
 * expiry on the accounts clock `nowMs`, single use) runs unchanged while the test skips the
 * ~0.3 s proof of work of a real challenge. For tests that send many sign-ins.
 */
export async function cheapCaptcha(hmacKey: string, nowMs: number): Promise<string> {
  const maxnumber = 1000;
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    hmacKey,
    maxnumber,
    expires: new Date(nowMs + CAPTCHA_TTL_MS),
  });
  return solveCaptcha({ ...challenge, algorithm: 'SHA-256', maxnumber });
}
