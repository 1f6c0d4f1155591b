import { readFileSync } from 'node:fs';
import type { SpawnedServer } from '@balancer/server/testing';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, withServerAndBrowser } from '../../../testing/browser';
import { openPage, signInRoot } from '../../../testing/sign-in';

let server: SpawnedServer;
let browser: Browser;
withServerAndBrowser((rig) => {
  ({ server, browser } = rig);
});

const TRADES_HEADER =
  'Date (UTC),Side,Amount (BTC),Price,Quote amount,Quote asset,Fee,Fee asset,Exchange,Order id,Client order id,Position,Reason';

/** Clicks the export button and answers the downloaded file's text. */
async function download(page: Page, name: string): Promise<{ file: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `${name}.csv` }).click(),
  ]);
  const path = await file.path();
  return { file: file.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

describe('records in a browser: filters in the URL, exports, profit by period', () => {
  it('keeps filters over a reload, downloads each export, and shows profit by period', async () => {
    const errors: string[] = [];
    const page = await openPage(browser, 1280, errors);
    await signInRoot(page, server);

    // Positions: a filter goes into the URL and comes back after a reload.
    await page.goto(`${server.url}/app/positions`);
    const filters = page.getByRole('group', { name: 'Filter positions' });
    await filters.getByLabel('State').selectOption('closed');
    await filters.getByLabel('From (UTC)').fill('2025-01-01');
    await expect.poll(() => new URL(page.url()).search).toBe('?state=closed&from=2025-01-01');
    await page.reload();
    await page.getByRole('heading', { name: 'Positions', level: 1 }).waitFor();
    expect(await page.getByRole('group', { name: 'Filter positions' }).getByLabel('State').inputValue()).toBe(
      'closed',
    );
    const trades = await download(page, 'trades');
    expect(trades.file).toBe('balancer-trades-2025-01-01.csv');
    expect(trades.text.split('\r\n')[0]).toBe(TRADES_HEADER);
    const positions = await download(page, 'positions');
    expect(positions.text.startsWith('Position,Opened (UTC),Closed (UTC),State,')).toBe(true);
    // A start after the end is said at once, and no export is offered for it.
    await filters.getByLabel('To, included (UTC)').fill('2024-01-01');
    await page.getByRole('alert').filter({ hasText: 'The start date is after the end date.' }).waitFor();
    expect(await page.getByRole('button', { name: 'trades.csv' }).isDisabled()).toBe(true);

    // Transactions: a bookmarked view opens with its filters; its export downloads.
    await page.goto(`${server.url}/app/transactions?side=SELL&reason=manual&to=2030-12-31`);
    const txFilters = page.getByRole('group', { name: 'Filter transactions' });
    await txFilters.getByLabel('Side').waitFor();
    expect(await txFilters.getByLabel('Side').inputValue()).toBe('SELL');
    expect(await txFilters.getByLabel('Reason').inputValue()).toBe('manual');
    expect(await txFilters.getByLabel('To, included (UTC)').inputValue()).toBe('2030-12-31');
    await page.getByText('No transactions.').waitFor();
    const transactions = await download(page, 'transactions');
    expect(transactions.text).toBe(
      'Date (UTC),Transaction,Side,Amount (BTC),State,Attempts,Kind,Decrease level,Manual,Position,Reason\r\n',
    );

    // Profit by period: the period is in the URL; the simulator's figures are marked as replay.
    await page
      .getByRole('navigation', { name: 'Records' })
      .getByRole('link', { name: 'Profit by period' })
      .click();
    await page.getByRole('heading', { name: 'Profit by period', level: 1 }).waitFor();
    await page.getByRole('group', { name: 'Period and range' }).getByLabel('Period').selectOption('day');
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('day');
    await page.locator('abbr', { hasText: 'replay' }).first().waitFor();
    await page.screenshot({ path: screenshotPath('profit-1280'), fullPage: true });
    expect(errors).toEqual([]);
  }, 120_000);
});
