import type { SpawnedServer } from '@balancer/server/testing';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, withServerAndBrowser } from '../../testing/browser';
import { type OtpClock, signInRoot } from '../../testing/sign-in';

let server: SpawnedServer;
let browser: Browser;
let clock: OtpClock;
let page: Page;
const errors: string[] = [];

withServerAndBrowser((rig) => {
  ({ server, browser } = rig);
});

async function openPage(width: number): Promise<Page> {
  const opened = await browser.newPage({ viewport: { width, height: 900 } });
  opened.on('pageerror', (error) => errors.push(error.message));
  opened.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return opened;
}

const lastClose = () => page.getByTestId('window-chart').getAttribute('data-last-close');

describe('dashboard in a browser', () => {
  it('draws the live window chart, its indicators and the simulated banner', async () => {
    page = await openPage(1280);
    clock = await signInRoot(page, server);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByText(/Simulated market/).waitFor({ timeout: 30_000 });
    await page.getByTestId('window-chart').locator('canvas').first().waitFor({ timeout: 30_000 });
    await page.getByRole('list', { name: 'Window splits' }).waitFor();
    const first = await lastClose();
    expect(first).not.toBe('');
    // The simulator replays candles at 60×: the last candle's close moves within a few ticks.
    await expect.poll(lastClose, { timeout: 45_000, interval: 500 }).not.toBe(first);
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('window-chart').locator('canvas').first().waitFor();
      await page.screenshot({ path: screenshotPath(`dashboard-${width}`), fullPage: true });
    }
    expect(errors).toEqual([]);
  }, 120_000);

  it('saves a strategy template with the one-time code', async () => {
    await page.goto(`${server.url}/app/adjustments`);
    const gain = page.getByLabel('Level 5 gain %');
    await expect.poll(() => gain.inputValue(), { timeout: 15_000 }).toBe('10'); // Eager Scalper, the default
    await page.getByLabel('Template').selectOption('SWING_TRADER');
    expect(await gain.inputValue()).toBe('15');
    await page.getByRole('button', { name: 'Save strategy' }).click();
    const code = await clock.nextCode();
    await page.getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(code);
    await page.getByText('Strategy saved').waitFor({ timeout: 15_000 });
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: screenshotPath(`adjustments-${width}`), fullPage: true });
    }
    await page.reload();
    await expect.poll(() => page.getByLabel('Level 5 gain %').inputValue(), { timeout: 15_000 }).toBe('15');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
