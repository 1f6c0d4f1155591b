import type { OtpClock, SpawnedServer } from '@balancer/server/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, withServerAndBrowser } from '../../testing/browser';
import { signInRoot } from '../../testing/sign-in';

let server: SpawnedServer;
let browser: Browser;

withServerAndBrowser((rig) => {
  ({ server, browser } = rig);
});

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Types the next one-time code into the open code dialog. */
async function enterCode(page: Page, clock: OtpClock): Promise<void> {
  const code = await clock.nextCode();
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

/** Waits for the order's transaction dialog to succeed; gives its reason's words, then closes it. */
async function finishedReason(page: Page, name: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor({ timeout: 60_000 });
  await expect
    .poll(() => dialog.getByRole('status').textContent(), { timeout: 30_000 })
    .toBe('Executed successfully');
  const reason = (await dialog.getByTestId('order-reason').textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
  return reason;
}

async function screenshots(page: Page, name: string, target?: Locator): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await target?.waitFor();
    // Nothing may stick out sideways at either width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await page.screenshot({ path: screenshotPath(`${name}-${width}`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('every order says why, in a browser', () => {
  it('the first buy and sell show their reasons on the position page and in their notifications', async () => {
    const errors: string[] = [];
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (error) => errors.push(error.message));
    const clock = await signInRoot(page, server);
    await page.goto(`${server.url}/app/positions`);
    await page.getByRole('heading', { name: 'Positions', level: 1 }).waitFor();

    // The first buy: the operator's, with a one-time code.
    const increase = page.getByRole('button', { name: 'Increase', exact: true });
    await expect.poll(() => increase.isEnabled(), { timeout: 15_000 }).toBe(true);
    await increase.click();
    await page.getByRole('dialog', { name: 'Increase position' }).waitFor();
    await enterCode(page, clock);
    expect(await finishedReason(page, 'Increase Transaction')).toMatch(
      /^Manual buy by root\. Decided at [\d,]+\.\d\d USDT for ₿0\.\d{8} \([\d,]+\.\d\d USDT\)\.$/,
    );

    // The first sell: half the position.
    await page.getByRole('link', { name: /^Active #\d+$/ }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Decrease', exact: true }).click();
    const decrease = page.getByRole('dialog', { name: 'Decrease position' });
    await decrease.getByLabel('Percentage (%)').fill('50');
    await decrease.getByText(/^Sells ₿/).waitFor();
    await decrease.getByRole('button', { name: 'Continue' }).click();
    await enterCode(page, clock);
    expect(await finishedReason(page, 'Decrease Transaction')).toMatch(
      /^Manual sell by root: sold 50 % of the position\. Decided at [\d,]+\.\d\d USDT for ₿0\.\d{8} \([\d,]+\.\d\d USDT\)\.$/,
    );

    // The position's page lists both transactions, each with its reason.
    await page.getByRole('link', { name: /^Active #\d+$/ }).click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/app\/position\/\d+$/);
    const transactions = page.locator('section[aria-labelledby="transactions-title"]');
    const reasons = transactions.getByTestId('order-reason');
    await expect.poll(() => reasons.count(), { timeout: 15_000 }).toBe(2);
    expect(await reasons.allTextContents()).toEqual([
      'Manual sell by root: sold 50 % of the position',
      'Manual buy by root',
    ]);
    await transactions.scrollIntoViewIfNeeded();
    await screenshots(page, 'order-reasons-position', transactions);

    // The notifications tell each fill with its price, quote amount and fee, the reason, and for
    // the sell its realised profit and the position's ROI, in the quote asset's code.
    await page.getByRole('button', { name: 'Notifications' }).first().click();
    const inbox = page.getByRole('dialog', { name: 'Notifications' });
    const sold = inbox.getByText(/^Sold ₿/);
    await sold.waitFor({ timeout: 15_000 });
    expect(await sold.textContent()).toMatch(
      /^Sold ₿0\.\d{8} at [\d,]+\.\d\d USDT for [\d,]+\.\d\d USDT, fee .+ \(transaction \d+\)\.\nWhy: Manual sell by root: sold 50 % of the position\.\nRealised profit [+-][\d,]+\.\d\d USDT; position ROI [+-]?\d+\.\d\d%\.$/,
    );
    const bought = inbox.getByText(/^Bought ₿/);
    expect(await bought.textContent()).toMatch(
      /^Bought ₿0\.\d{8} at [\d,]+\.\d\d USDT for [\d,]+\.\d\d USDT, fee .+\nWhy: Manual buy by root\.$/,
    );
    expect(await inbox.getByText('$').count()).toBe(0);
    await screenshots(page, 'order-reasons-notifications', inbox);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
