import {
  type OtpClock,
  otpClock,
  rootOtpSecret,
  type SpawnedServer,
  setPassword,
  TEST_PASSWORD,
} from '@balancer/server/testing';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';

/*
 * Signing in inside browser tests (a spawned server, a playwright Page). Shared by every
 * *.browser.test.ts of the signed-in app: root's first run (its OTP secret is in the data folder's
 * root-otp.txt, since the server's stdout is no terminal), one-time codes that respect the server's replay rule, captcha solving for
 * direct API calls, and creating users of a given authority.
 */

// The API side (codes, captchas, users) lives with the server's test support; re-exported here.
export {
  type ApiCall,
  callApi,
  createUser,
  OtpClock,
  otpClock,
  rootOtpSecret,
  setPassword,
  solvedCaptchaOf as solvedCaptcha,
  TEST_PASSWORD,
} from '@balancer/server/testing';

/** A page `width` px wide that collects uncaught errors and console errors into `errors` (tests allow none). */
export async function openPage(browser: Browser, width: number, errors: string[]): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return page;
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
