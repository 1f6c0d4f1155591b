import type { SpawnedServer } from '@balancer/server/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, withServerAndBrowser } from '../../testing/browser';
import {
  OtpClock,
  signInRoot,
  signInThroughUi,
  solveCaptchaWidget,
  TEST_PASSWORD,
} from '../../testing/sign-in';

/*
 * The admin screens against the real server (TRUST_PROXY=true so a request can claim a client
 * address through X-Forwarded-For, as behind a proxy): root blacklists an address through the UI
 * and a request from it is refused; root creates a user who completes the first sign-in with the
 * secret the Users screen showed; the Server screen shows the monitor and the database.
 */
const WIDTHS = [375, 768, 1280] as const;
const BLOCKED_IP = '203.0.113.9';

let server: SpawnedServer;
let browser: Browser;

withServerAndBrowser(
  (rig) => {
    ({ server, browser } = rig);
  },
  { TRUST_PROXY: 'true' },
);

async function openPage(width: number, errors: string[], target: Browser | BrowserContext = browser) {
  const page = await target.newPage({ viewport: { width, height: 900 } });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return page;
}

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

/** A new user's first sign-in through the UI: the Update password screen with a code, then sign-in. */
async function firstSignIn(page: Page, nickname: string, clock: OtpClock) {
  await page.goto(`${server.url}/auth/update-password`);
  await page.getByLabel('Nickname').fill(nickname);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
  await solveCaptchaWidget(page);
  await page.getByRole('button', { name: 'Update password' }).click();
  await typeCode(page, await clock.nextCode());
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/auth/sign-in');
  await signInThroughUi(page, server, nickname, clock);
}

async function screenshots(page: Page, route: string, ready: (page: Page) => Promise<void>, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.url}${route}`);
    await ready(page);
    await page.screenshot({ path: screenshotPath(`${name}-${width}`), fullPage: true });
  }
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

describe('admin screens in a browser', () => {
  it('blacklists an address, creates a user who signs in, shows the server', async () => {
    const errors: string[] = [];
    const page = await openPage(1280, errors);
    const root = await signInRoot(page, server);

    // IP address blacklist (the spec's name, on the menu and the screen alike): add through the UI
    // with a code; the entry is listed and found by search.
    await page.goto(`${server.url}/app/ip-blacklist`);
    await heading(page, 'IP address blacklist');
    await page.getByRole('button', { name: 'Add IP address' }).click();
    const form = page.getByRole('dialog', { name: 'Blacklist an IP address' });
    await form.getByRole('textbox', { name: 'IP address', exact: true }).fill(BLOCKED_IP);
    await form.getByRole('textbox', { name: 'Notes (optional)' }).fill('blocked by the browser test');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await typeCode(page, await root.nextCode());
    await page.getByText(BLOCKED_IP, { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByLabel('Search by IP address or notes').fill('203.0.113');
    await page.keyboard.press('Enter');
    await page.getByText('blocked by the browser test').waitFor();
    // A request that comes (through the trusted proxy) from the listed address is refused.
    const refused = await fetch(`${server.url}/ping`, { headers: { 'x-forwarded-for': BLOCKED_IP } });
    expect(((await refused.json()) as { error: string }).error).toMatch(/\{\(4001\)\}$/);
    const allowed = await fetch(`${server.url}/ping`);
    expect(((await allowed.json()) as { success: boolean }).success).toBe(true);
    await screenshots(
      page,
      '/app/ip-blacklist',
      (p) => p.getByText(BLOCKED_IP, { exact: true }).waitFor(),
      'admin-ip-blacklist',
    );

    // Users: create bob; the handover dialog shows the secret (and a QR code).
    await page.goto(`${server.url}/app/users`);
    await page.getByRole('button', { name: 'Create user' }).click();
    const create = page.getByRole('dialog', { name: 'Create user' });
    await create.getByRole('textbox', { name: 'Nickname' }).fill('bob');
    await create.getByRole('combobox', { name: 'Authority' }).selectOption('2');
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await typeCode(page, await root.nextCode());
    const handover = page.getByRole('dialog', { name: 'One-time-code secret of bob' });
    await handover.waitFor({ timeout: 15_000 });
    await handover.getByRole('img', { name: /QR code/ }).waitFor();
    const uri = await handover.getByText(/^otpauth:\/\//).textContent();
    const bobSecret = /[?&]secret=([A-Za-z0-9]+)/.exec(uri ?? '')?.[1];
    expect(bobSecret).toBeTruthy();
    await page.screenshot({ path: screenshotPath('admin-users-handover-1280') });
    await page.keyboard.press('Escape');
    await screenshots(
      page,
      '/app/users',
      async (p) => {
        await p.getByText('bob', { exact: true }).waitFor();
        // Every action says what it does in visible text, at 375 px too.
        for (const label of ['Show secret', 'New secret', 'History', 'Rename', 'Authority', 'Delete']) {
          expect(await p.getByRole('button', { name: `${label}: bob` }).innerText()).toContain(label);
        }
      },
      'admin-users',
    );

    // bob completes the first sign-in in a browser of his own.
    const bobContext = await browser.newContext();
    const bobPage = await openPage(1280, errors, bobContext);
    await firstSignIn(bobPage, 'bob', new OtpClock(bobSecret as string));
    await bobContext.close();

    // Server: monitor figures and the database summary.
    await screenshots(
      page,
      '/app/server',
      async (p) => {
        await heading(p, 'Server');
        await p.getByText('Sampled at').waitFor();
        await p.getByText('Load averages (1, 5, 15 min)').waitFor();
        await p.getByRole('cell', { name: 'users', exact: true }).waitFor();
        // The history: CPU, memory and disk charts from the stored samples.
        for (const metric of ['CPU', 'Memory', 'Disk']) {
          await p.getByRole('img', { name: new RegExp(`^${metric}: now [0-9.]+ %`) }).waitFor();
        }
      },
      'admin-server',
    );
    await screenshots(
      page,
      '/app/platform-update',
      async (p) => {
        await p.getByText('How to upgrade this install').waitFor();
        // The checker is off here: no release to compare with, so never "Up to date".
        await p.getByText('Unknown — release checks are off').waitFor();
        expect(await p.locator('main').innerText()).not.toContain('`');
        const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      },
      'admin-platform-update',
    );

    // Adjustments: the reversal weights that do not add up to 100 are marked where they are.
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto(`${server.url}/app/adjustments`);
    await page.getByRole('button', { name: /^Reversal/ }).click();
    const reversal = page.getByRole('form', { name: 'Reversal' });
    await reversal.getByLabel('Liquidity weight').fill('99');
    await reversal.getByRole('button', { name: 'Save reversal' }).click();
    await reversal.getByText(/Coins \(BTC\) weight must add up to 100$/).waitFor();
    expect(await reversal.getByLabel('Coins (quote) weight').getAttribute('aria-invalid')).toBe('true');
    expect(await reversal.innerText()).not.toContain('weights:');
    await reversal.getByLabel('Coins (BTC) weight').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('admin-adjustments-weights-375') });
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);
});
