import type { SpawnedServer } from '@balancer/server/testing';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, withServerAndBrowser } from '../../../testing/browser';
import { openPage, signInRoot } from '../../../testing/sign-in';

/*
 * Issue 21's sweep in a real browser: a 3 × 3 grid over a month of the shipped hourly candles,
 * its progress, the result table sorted, one row applied with the one-time code after its diff,
 * and Adjustments showing the new values and where they came from.
 */

let server: SpawnedServer;
let browser: Browser;

withServerAndBrowser((rig) => {
  ({ server, browser } = rig);
});

/** At 375 px the page itself never scrolls sideways (wide tables scroll inside their box). */
async function fitsAt375(page: Page, screenshot: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 900 });
  await page.screenshot({ path: screenshotPath(screenshot), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('lab sweep', () => {
  it('runs 9 combinations, sorts, applies a row with a code, and Adjustments shows it', async () => {
    const errors: string[] = [];
    const page = await openPage(browser, 1280, errors);
    const clock = await signInRoot(page, server);

    await page.goto(`${server.url}/app/lab/sweep`);
    await page.getByRole('heading', { level: 1, name: 'New sweep' }).waitFor();
    await page.getByLabel('Data set').selectOption('coinbase-btcusd-1h.csv.gz');
    await page.getByLabel(/^From/).fill('2018-01-01');
    await page.getByLabel(/^To/).fill('2018-01-31');
    // Range 1 defaults to the increase gain requirement −4…0 by 2; range 2 to increaseIdleDuration 1…3 by 1.
    await page.getByRole('button', { name: 'Add parameter' }).click();
    await expect
      .poll(() => page.getByTestId('sweep-count').textContent())
      .toMatch(/^9 combinations \(at most 500/);
    await expect.poll(() => page.getByTestId('sweep-count').textContent()).toMatch(/estimate about \d+ s/);
    await page.screenshot({ path: screenshotPath('lab-sweep-form-1280'), fullPage: true });
    await fitsAt375(page, 'lab-sweep-form-375');
    await page.getByRole('button', { name: 'Start sweep' }).click();
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 90_000 })
      .toMatch(/^\/app\/lab\/sweeps\/\d+$/);

    // The table: 9 rows in rank order; sorted by a swept value, then by the in-sample return.
    await page.getByRole('heading', { name: /^Sweep result/ }).waitFor();
    const rows = page.locator('tbody tr[data-rank]');
    await expect.poll(() => rows.count()).toBe(9);
    const column = async (n: number) =>
      (await page.locator(`tbody tr[data-rank] td:nth-child(${n})`).allTextContents()).map((t) =>
        Number(t.replace(/,/g, '')),
      );
    const ranks = async () => (await column(1)).join(',');
    expect(await ranks()).toBe('1,2,3,4,5,6,7,8,9');
    const idleHeader = page.getByRole('button', { name: /^Idle after an increase \(h\)/ });
    await idleHeader.click();
    expect(await column(3)).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3]);
    await idleHeader.click();
    expect(await column(3)).toEqual([3, 3, 3, 2, 2, 2, 1, 1, 1]);
    expect(
      await page
        .getByRole('columnheader', { name: /^Idle after an increase \(h\) ▼/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');
    const returnHeader = page.getByRole('button', { name: /^Return over the period % \(in\)/ });
    await returnHeader.click();
    const up = await column(6);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    await idleHeader.click();
    await idleHeader.click();
    await page.screenshot({ path: screenshotPath('lab-sweep-result-1280'), fullPage: true });
    await fitsAt375(page, 'lab-sweep-result-375');

    // Apply the row now first (an idle duration of 3 h): its diff, then the one-time code.
    const first = rows.first();
    const idle = (await first.locator('td:nth-child(3)').textContent())?.trim();
    expect(idle).toBe('3');
    await first.getByRole('button', { name: 'Apply to live strategy' }).click();
    await page.getByRole('table', { name: 'Changes to the live strategy' }).waitFor();
    await page.getByRole('button', { name: 'Apply with one-time code' }).click();
    await page.getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(await clock.nextCode());
    await page.getByText(/is now the live strategy/).waitFor({ timeout: 15_000 });

    await page.getByRole('link', { name: 'See Adjustments' }).click();
    await page.getByRole('heading', { level: 1, name: 'Adjustments' }).waitFor();
    await expect.poll(() => page.getByLabel('Idle after an increase (h)').inputValue()).toBe(idle);
    await expect
      .poll(() => page.getByTestId('live-origin').textContent())
      .toMatch(/are sweep \d+, row \d+ of coinbase/);
    await page.screenshot({ path: screenshotPath('lab-sweep-adjustments-1280'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
