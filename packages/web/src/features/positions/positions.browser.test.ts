import type { SpawnedServer } from '@balancer/server/testing';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, withServerAndBrowser } from '../../testing/browser';
import { signInRoot } from '../../testing/sign-in';

const WIDTHS = [375, 768, 1280] as const;

let server: SpawnedServer;
let browser: Browser;

withServerAndBrowser((rig) => {
  ({ server, browser } = rig);
});

/** A page that collects uncaught errors and console errors (none are allowed). */
async function openPage(width: number, errors: string[]): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return page;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('positions in a browser', () => {
  it('increases with a one-time code, follows the transaction to SUCCEEDED, lists the position and its trade', async () => {
    const errors: string[] = [];
    const page = await openPage(1280, errors);
    const clock = await signInRoot(page, server);
    // The simulated-market banner says which times are the replay's and which the wall's.
    await page.getByText(/positions, trades and transactions run on the replay's clock/).waitFor();
    await page
      .getByRole('link', { name: 'Positions' })
      .first()
      .click()
      .catch(() => page.goto(`${server.url}/app/positions`));
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/app/positions');
    await page.getByRole('heading', { name: 'Positions', level: 1 }).waitFor();
    // Before any position: how one appears, and on the simulator when the first buy comes.
    await page.getByText('No positions yet.').waitFor();
    await page.getByText(/the engine's first automatic buy comes about 7 minutes in/).waitFor();
    const decreaseButton = page.getByRole('button', { name: 'Decrease', exact: true });
    expect(await decreaseButton.isDisabled()).toBe(true);
    expect(await decreaseButton.getAttribute('aria-describedby')).not.toBeNull();
    await page.getByText(/Decrease needs an active position: none is open/).waitFor();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: screenshotPath(`positions-empty-${width}`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    const increase = page.getByRole('button', { name: 'Increase', exact: true });
    await expect.poll(() => increase.isEnabled(), { timeout: 15_000 }).toBe(true);
    await increase.click();
    await page.getByRole('dialog', { name: 'Increase position' }).waitFor();
    const code = await clock.nextCode();
    await page.getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(code);

    // The server answers once the order is confirmed (the engine waits 10 s before looking it up).
    const transaction = page.getByRole('dialog', { name: 'Increase Transaction' });
    await transaction.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => transaction.getByRole('status').textContent(), { timeout: 30_000 })
      .toBe('Executed successfully');
    const logs = transaction.getByRole('list', { name: 'Transaction logs' });
    expect(await logs.getByText(/^Confirmation/).count()).toBeGreaterThan(0);
    await page.screenshot({ path: screenshotPath('positions-transaction-1280') });
    await transaction.getByRole('button', { name: 'Close' }).click();
    await transaction.waitFor({ state: 'detached' });

    const link = page.getByRole('link', { name: /^Active #\d+$/ });
    await link.waitFor({ timeout: 15_000 });
    const positions = page.getByRole('table', { name: 'Positions, newest first' });
    await positions.getByRole('columnheader', { name: 'PNL / ROI' }).waitFor();
    // Market times carry the replay mark on the simulator.
    expect(await positions.locator('abbr', { hasText: 'replay' }).count()).toBeGreaterThan(0);

    // The decrease dialog says what the engine will sell (core's amount rules) before the code.
    await page.getByRole('button', { name: 'Decrease', exact: true }).click();
    const decreaseDialog = page.getByRole('dialog', { name: 'Decrease position' });
    const percentage = decreaseDialog.getByLabel('Percentage (%)');
    await percentage.fill('1');
    await decreaseDialog.getByText(/^Sells ₿/).waitFor();
    // 1 % of one ~1000 USDT buy (~0.0099 BTC) is under the 0.0002 minimum: raised, and said so.
    await decreaseDialog.getByRole('note').waitFor();
    expect(await decreaseDialog.getByRole('note').textContent()).toMatch(
      /^A 1 % decrease is below the exchange minimum: it is raised to ₿0\.0002, \d+\.\d\d % of the position\.$/,
    );
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: screenshotPath(`positions-decrease-${width}`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await decreaseDialog.getByRole('button', { name: 'Cancel' }).click();
    await decreaseDialog.waitFor({ state: 'detached' });
    await page
      .getByRole('button', { name: /^Details of position/ })
      .first()
      .click();
    const details = page.getByRole('dialog', { name: /^Position #\d+$/ });
    await details.getByRole('tab', { name: 'Decrease' }).click();
    await page.screenshot({ path: screenshotPath('positions-dialog-1280') });
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached' });

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      await page.screenshot({ path: screenshotPath(`positions-${width}`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await link.click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/app\/position\/\d+$/);
    const trades = page.getByRole('table', { name: 'Trades, oldest first' });
    await trades.waitFor({ timeout: 15_000 });
    expect(await trades.getByRole('cell', { name: 'Buy', exact: true }).count()).toBe(1);
    expect(await trades.getByRole('cell', { name: 'Exchange', exact: true }).count()).toBe(1);
    // The commission is named by the quote asset, never the literal QUOTE.
    expect(await trades.getByRole('cell', { name: /^\d+\.\d{8} USDT$/ }).count()).toBe(1);
    expect(await trades.getByText('QUOTE', { exact: true }).count()).toBe(0);
    // The chart draws the entry price and the decrease levels (the minutes of a 60× replay hold one
    // price each: a line of closes, not flat dashes).
    await page.getByTestId('position-chart').waitFor();
    await page.getByRole('button', { name: /^Increase #\d+/ }).waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('position-chart').waitFor();
      // Nothing may stick out sideways (wide tables scroll inside their own box).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      await page.screenshot({ path: screenshotPath(`position-${width}`), fullPage: true });
    }
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);

  it('an unknown position says so at once, with a way back, and is asked for once', async () => {
    const errors: string[] = [];
    const page = await openPage(375, errors);
    await signInRoot(page, server);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/position/record/999999')) asked.push(request.url());
    });
    await page.goto(`${server.url}/app/position/999999`);
    await page.getByRole('heading', { name: 'This position does not exist' }).waitFor({ timeout: 10_000 });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: screenshotPath(`position-missing-${width}`) });
    }
    // One request: a not-found answer is final (no react-query repeats, no client retries).
    expect(asked).toHaveLength(1);
    await page.getByRole('link', { name: 'Back to positions' }).click();
    await expect.poll(() => pathOf(page)).toBe('/app/positions');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
