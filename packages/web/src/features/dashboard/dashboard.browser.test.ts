import type { SpawnedServer } from '@balancer/server/testing';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, withServerAndBrowser } from '../../testing/browser';
import { accessTokenOf, callApi, type OtpClock, signInRoot } from '../../testing/sign-in';

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

  it('opens the landing info dialogs from the indicator cards and shows the reversal requirement', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const title of ['Window', 'Liquidity', 'Coins', 'Reversal']) {
      await page.getByRole('button', { name: `Learn more about the ${title} indicator` }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    const reversal = page.getByRole('region', { name: 'Reversal' });
    // A crash in progress shows its points against the requirement (78 by default), not "of 100".
    await reversal
      .getByText(/No crash in progress|of 78 points needed/)
      .first()
      .waitFor();
    expect(await reversal.getByText(/of 100 points/).count()).toBe(0);
    // The points history: a chart of the newest crashes, or a note that none was recorded.
    await reversal
      .getByText(/Points over each crash|No crash recorded yet/)
      .first()
      .waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
  }, 60_000);

  it('plans the next steps without contradicting the window or itself, with the five decrease levels', async () => {
    const planner = page.getByRole('region', { name: 'Planner' });
    const increase = planner.locator('div', { has: page.getByRole('heading', { name: /position/ }) }).last();
    await increase.getByText('When').waitFor({ timeout: 30_000 });
    const read = async (term: string) => {
      const row = increase.locator('div', { has: page.getByText(term, { exact: true }) }).last();
      return (await row.count()) ? ((await row.locator('dd').textContent()) ?? '') : null;
    };
    const when = await read('When');
    // An increase happens only at a reversal event: "When" names it, never "Now" before it.
    expect(when).not.toBe('Now');
    expect(when).toMatch(/reversal event/);
    const badge = await page
      .getByRole('region', { name: 'Window' })
      .locator('[data-state]')
      .getAttribute('data-state');
    // The badge at −2: the planner says so instead of a change the window still needs.
    if (badge === '-2') expect(await read('Window')).toBe('already at state −2');
    else expect(await read('Window')).toBeNull();

    // An operator's increase (the API's, as the Positions page sends it) opens a position: the
    // planner then lists the five decrease levels. The answer comes once the order is confirmed.
    await callApi(server, {
      method: 'POST',
      path: 'position/increase',
      token: await accessTokenOf(page),
      otp: await clock.nextCode(),
    });
    const levels = page.getByRole('table', { name: 'Decrease levels' });
    await levels.waitFor({ timeout: 30_000 });
    expect(await levels.locator('tbody tr').count()).toBe(5);
    expect(await levels.locator('tbody tr[aria-current="true"]').count()).toBe(1);
    expect(await planner.getByRole('heading', { name: /^Decrease \(level [1-5]\)$/ }).count()).toBe(1);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('window-chart').locator('canvas').first().waitFor();
      await page.screenshot({ path: screenshotPath(`dashboard-planner-${width}`), fullPage: true });
    }
    expect(errors).toEqual([]);
  }, 180_000);

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
