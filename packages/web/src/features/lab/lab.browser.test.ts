import type { SpawnedServer } from '@balancer/server/testing';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, withServerAndBrowser } from '../../testing/browser';
import { openPage, signInRoot } from '../../testing/sign-in';

let server: SpawnedServer;
let browser: Browser;

withServerAndBrowser((rig) => {
  ({ server, browser } = rig);
});

const pathOf = (page: Page) => new URL(page.url()).pathname;
const QUARTER_SET = 'binance-btcusdt-15m.csv.gz';

/** The `lab-job` events the page's socket receives (Socket.IO frames `42["lab-job",{…}]`). */
function labJobEvents(page: Page): Array<{ status: string; resultId: number | null }> {
  const events: Array<{ status: string; resultId: number | null }> = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (!text.startsWith('42["lab-job"')) return;
      events.push((JSON.parse(text.slice(2)) as [string, { status: string; resultId: number | null }])[1]);
    }),
  );
  return events;
}

describe('the lab in a browser', () => {
  it('opens Lab, lists the shipped sets, runs a 3-month backtest on the 15 m set and lands on its result', async () => {
    const errors: string[] = [];
    const page = await openPage(browser, 1280, errors);
    const events = labJobEvents(page);
    await signInRoot(page, server);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lab' }).click();
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/app/lab/data');
    const sets = page.getByRole('region', { name: 'Candle sets' });
    await sets.getByText(QUARTER_SET).waitFor({ timeout: 30_000 });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: screenshotPath(`lab-data-${width}`), fullPage: true });
    }
    await page.getByRole('navigation', { name: 'Lab' }).getByRole('link', { name: 'New backtest' }).click();
    await expect.poll(() => pathOf(page)).toBe('/app/lab/backtest');
    await page.getByLabel('Data set').selectOption(QUARTER_SET);
    await page.getByLabel('Period').selectOption('3m');
    await page.screenshot({ path: screenshotPath('lab-backtest-1280'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 900 });
    await page.screenshot({ path: screenshotPath('lab-backtest-375'), fullPage: true });
    await page.getByRole('button', { name: 'Run backtest' }).click();
    await page.getByTestId('lab-job').waitFor({ timeout: 15_000 });
    await expect.poll(() => pathOf(page), { timeout: 90_000 }).toMatch(/^\/app\/lab\/results\/\d+$/);
    const resultId = Number(pathOf(page).split('/').at(-1));
    // The job the page followed finished with this result.
    expect(events.filter((event) => event.status === 'done').map((event) => event.resultId)).toContain(
      resultId,
    );

    await page.goto(`${server.url}/app/lab/results`);
    await page.getByRole('link', { name: `Backtest #${resultId}` }).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: screenshotPath('lab-results-375'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 150_000);
});
