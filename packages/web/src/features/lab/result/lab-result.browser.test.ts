import { readFile } from 'node:fs/promises';
import { backtestReportSchema, type LabResult } from '@balancer/core';
import type { SpawnedServer } from '@balancer/server/testing';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, withServerAndBrowser } from '../../../testing/browser';
import { runBacktestJob } from '../../../testing/lab-jobs';
import { accessTokenOf, callApi, openPage, signInRoot } from '../../../testing/sign-in';

let server: SpawnedServer;
let browser: Browser;

withServerAndBrowser((rig) => {
  ({ server, browser } = rig);
});

/** Starts a backtest through the API and waits for it; the stored result's id and when it ended. */
async function backtest(token: string, body: object): Promise<{ id: number; endedAt: number }> {
  const id = await runBacktestJob(server, token, body);
  return { id, endedAt: Date.now() };
}

/** Client-side navigation (as a link would), timed in the page from the call to the chart's canvas. */
async function timedOpen(page: Page, path: string, chartTestId: string): Promise<number> {
  const started = await page.evaluate((to) => {
    const t0 = performance.now();
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return t0;
  }, path);
  await page.getByTestId(chartTestId).locator('canvas').first().waitFor({ timeout: 30_000 });
  return (await page.evaluate(() => performance.now())) - started;
}

describe('the lab in a browser', () => {
  it('shows a year of 15 m backtest against DCA, exports its fills, and compares two results', async () => {
    const errors: string[] = [];
    const page = await openPage(browser, 1280, errors);
    await signInRoot(page, server);
    const token = await accessTokenOf(page);

    const year = await backtest(token, { dataSet: 'binance-btcusdt-15m.csv.gz', strategy: 'live' });
    const ms = await timedOpen(page, `/app/lab/results/${year.id}`, 'lab-equity-chart');
    console.info(
      `lab_time_to_first_chart_ms: ${Math.round(ms)} (a year of 15 m candles, client navigation → equity canvas; ${Date.now() - year.endedAt} ms after the job ended incl. the test's own steps)`,
    );
    await page.getByRole('heading', { name: `Backtest #${year.id}`, level: 1 }).waitFor();
    const legend = page.getByRole('list', { name: 'Equity: legend' });
    await legend.getByText(/^DCA \(/).waitFor();
    const metrics = page.getByRole('table', { name: 'Strategy and baselines, side by side' });
    // The shipped "year" is 364 days (2025-03-30 → 2026-03-28): under a year, so never annualised.
    await metrics.getByRole('rowheader', { name: 'Return over the period, on the whole capital' }).waitFor();
    expect(await metrics.getByRole('rowheader', { name: /IRR|a year/ }).count()).toBe(0);
    await metrics.getByRole('rowheader', { name: 'Time in market' }).waitFor();
    await page.getByTestId('lab-drawdown-chart').locator('canvas').first().waitFor();
    await page.getByTestId('lab-price-chart').locator('canvas').first().waitFor();

    const stored = await callApi<LabResult>(server, { path: `lab/results/${year.id}`, token });
    const fills = backtestReportSchema.parse(stored.report).strategy.trades;
    expect(fills.length).toBeGreaterThan(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Fills CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`backtest-${year.id}-fills.csv`);
    const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,time,side,price,amount,quote_amount,commission,level,why');
    expect(lines).toHaveLength(1 + fills.length);
    expect(lines[1]?.startsWith(`${fills[0]!.id},`)).toBe(true);

    const [report] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'HTML report' }).click(),
    ]);
    expect(report.suggestedFilename()).toBe(`backtest-${year.id}.html`);
    expect(await readFile((await report.path())!, 'utf8')).toContain('Strategy and baselines');

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: screenshotPath(`lab-result-${width}`), fullPage: true });
    }

    const week = await backtest(token, {
      dataSet: 'coinbase-btcusd-1h.csv.gz',
      from: '2018-01-01',
      to: '2018-01-31',
      strategy: { template: 'SCALPER' },
    });
    await timedOpen(page, `/app/lab/compare?ids=${year.id},${week.id}`, 'lab-compare-equity-chart');
    await page.getByRole('heading', { name: 'Compare 2 results', level: 1 }).waitFor();
    const compareLegend = page.getByRole('list', { name: 'Equity: legend' });
    await compareLegend.getByText(new RegExp(`^#${year.id} `)).waitFor();
    await compareLegend.getByText(new RegExp(`^#${week.id} `)).waitFor();
    const table = page.getByRole('table', { name: "The results' strategies, side by side" });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Metric',
      `#${year.id}`,
      `#${week.id}`,
    ]);
    await page.setViewportSize({ width: 375, height: 900 });
    await page.screenshot({ path: screenshotPath('lab-compare-375'), fullPage: true });
    expect(errors).toEqual([]);
  }, 300_000);
});
