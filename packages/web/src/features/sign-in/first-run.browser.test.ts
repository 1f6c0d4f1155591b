import type { SpawnedServer } from '@balancer/server/testing';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, withServerAndBrowser } from '../../testing/browser';
import { openPage, rootOtpSecret } from '../../testing/sign-in';

const PASSWORD = 'Correct-Horse-9-Battery';
const STEP_SECONDS = 30;
const WIDTHS = [375, 768, 1280] as const;

let server: SpawnedServer;
let browser: Browser;
let secret: string;

withServerAndBrowser((rig) => {
  ({ server, browser } = rig);
  // Without a terminal, the first start writes root's otpauth URI to a file (never to the log).
  secret = rootOtpSecret(server);
});

const stepAt = (ms: number) => Math.floor(ms / 1000 / STEP_SECONDS);
const codeOfStep = (step: number) => generate({ secret, epoch: step * STEP_SECONDS });

/** Ticks the captcha and waits until the widget solved the server's real challenge. */
async function solveCaptcha(page: Page) {
  // The label, as a person would: the box's tick icon lies over the input.
  await page.getByText("I'm not a robot", { exact: true }).click();
  await expect.poll(() => page.getByText('Verified', { exact: true }).count(), { timeout: 30_000 }).toBe(1);
}

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The signed-in shell's side menu is titled with the user's nickname (and is left open). */
async function expectSignedInAs(page: Page, nickname: string) {
  await page.getByRole('button', { name: 'Open menu' }).click({ timeout: 15_000 });
  await page.getByRole('dialog', { name: nickname }).waitFor();
}

describe('first run in a browser', () => {
  it('sends an unauthenticated visitor of /app to sign-in', async () => {
    const errors: string[] = [];
    const page = await openPage(browser, 1280, errors);
    await page.goto(`${server.url}/app`);
    await expect.poll(() => pathOf(page)).toBe('/auth/sign-in');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows both screens and the one-time-code dialog at each width', async () => {
    const errors: string[] = [];
    for (const width of WIDTHS) {
      const page = await openPage(browser, width, errors);
      await page.goto(`${server.url}/auth/sign-in`);
      await page.getByRole('checkbox', { name: "I'm not a robot" }).waitFor();
      await page.screenshot({ path: screenshotPath(`auth-sign-in-${width}`), fullPage: true });
      await page.getByRole('link', { name: 'Update password' }).click();
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Update your password');
      await page.getByRole('checkbox', { name: "I'm not a robot" }).waitFor();
      await page.getByRole('button', { name: 'Update password' }).click();
      await page.getByText("Prove you're not a robot").waitFor();
      await page.screenshot({ path: screenshotPath(`auth-update-password-errors-${width}`), fullPage: true });
      await page.getByLabel('Nickname').fill('root');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await solveCaptcha(page);
      await page.getByRole('button', { name: 'Update password' }).click();
      await page.getByRole('dialog', { name: 'Confirm Action' }).waitFor();
      await page.screenshot({ path: screenshotPath(`auth-otp-dialog-${width}`) });
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.close();
    }
    expect(errors).toEqual([]);
  }, 120_000);

  it('sets root’s password, signs in with a new code, keeps the session on reload, signs out', async () => {
    const errors: string[] = [];
    const page = await openPage(browser, 1280, errors);
    await page.goto(`${server.url}/auth/update-password`);
    await page.getByLabel('Nickname').fill('root');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Update password' }).click();
    const updateStep = stepAt(Date.now());
    await typeCode(page, await codeOfStep(updateStep));
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/auth/sign-in');
    await page.getByText('Your password was updated').waitFor();

    await page.getByLabel('Nickname').fill('root');
    await page.getByLabel('Password').fill(PASSWORD);
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // A code works once: take the next step's code, which the server accepts a step early
    // (±1 step of drift), or the current one if the clock has moved on since.
    const signInStep = Math.max(updateStep + 1, stepAt(Date.now()));
    await typeCode(page, await codeOfStep(signInStep));
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/app');
    await expectSignedInAs(page, 'root');
    await page.screenshot({ path: screenshotPath('auth-signed-in-1280') });

    await page.reload();
    await expectSignedInAs(page, 'root');

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/auth/sign-in');
    await page.goto(`${server.url}/app`);
    await expect.poll(() => pathOf(page)).toBe('/auth/sign-in');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
