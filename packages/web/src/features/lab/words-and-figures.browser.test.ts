import type { SpawnedServer } from '@balancer/server/testing';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, withServerAndBrowser } from '../../testing/browser';
import { runBacktestJob } from '../../testing/lab-jobs';
import { accessTokenOf, callApi, openPage, signInRoot } from '../../testing/sign-in';

/*
 * Issue 33, items 3–5, in a real browser: a 3-month backtest shows no annualised figure and the
 * Results list shows its page's figures; the Lab, Adjustments and Dashboard show words, never an
 * identifier or a raw error code; no screen of the app scrolls sideways at 375 px.
 */

let server: SpawnedServer;
let browser: Browser;

withServerAndBrowser((rig) => {
  ({ server, browser } = rig);
});

const backtest = (token: string, body: object) => runBacktestJob(server, token, body);

/** Opens a route and waits for its main heading (the screen has rendered its data). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.locator('main h1, main h2').first().waitFor({ timeout: 30_000 });
  // Lazy cards (charts, lists) settle after the heading.
  await page.waitForTimeout(400);
}

/** What a person would call an identifier or a raw code in the visible text, if any. */
function leaksIn(text: string): string[] {
  const patterns = [
    /\b[a-z]{2,}[A-Z][a-z]\w*\b/g, // camelCase: increaseGainRequirement (not a unit like kB)
    /\b[a-z]\w*\.\d+\.[a-z]\w*/g, // a dotted path: decreaseLevels.0.gainRequirement
    /\b(?:return-drawdown|final-equity|max-drawdown|window-state|gain-requirement|level-idle|global-idle)\b/g,
    /\(\d{4}\)|\{\(\d+\)\}/g, // a bare error code: (5010), {(5010)}
  ];
  return patterns.flatMap((pattern) => text.match(pattern) ?? []);
}

const visibleText = (page: Page) => page.evaluate(() => document.body.innerText);
const sideways = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

describe('words and figures', () => {
  it('a 3-month backtest: no annualised figure, and the Results list agrees with its page', async () => {
    const errors: string[] = [];
    const page = await openPage(browser, 1280, errors);
    await signInRoot(page, server);
    const token = await accessTokenOf(page);
    const id = await backtest(token, {
      dataSet: 'binance-btcusdt-15m.csv.gz',
      from: '2025-06-01',
      to: '2025-08-31',
      strategy: 'live',
    });

    await open(page, `/app/lab/results/${id}`);
    await page.getByRole('heading', { name: `Backtest #${id}`, level: 1 }).waitFor();
    // Three months of 15 m candles: 92 days.
    await page.getByText(/2025-06-01 → 2025-08-31 · 8,832 × 15m candles/).waitFor();
    const metrics = page.getByRole('table', { name: 'Strategy and baselines, side by side' });
    const headers = await metrics.getByRole('rowheader').allTextContents();
    expect(headers).toContain('Return over the period, on the whole capital');
    // Under a year: no IRR and no rate a year, for the strategy or any baseline.
    expect(headers.filter((header) => /IRR|a year/.test(header))).toEqual([]);
    expect(await page.getByTestId('lab-amounts').textContent()).toMatch(
      /^starting cash 10,000\.00 · strategy buys [\d,.]+ an increase · baselines [\d,.]+ /,
    );
    const cell = async (header: string) =>
      (await metrics.getByRole('row').filter({ hasText: header }).locator('td').first().textContent())!;
    const shown = {
      value: await cell('Final value (quote + BTC)'),
      pnl: await cell('P&L (final value − starting cash)'),
      period: await cell('Return over the period, on the whole capital'),
    };
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: screenshotPath(`figures-result-${width}`), fullPage: true });
      expect(await sideways(page)).toBeLessThanOrEqual(0);
    }

    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, '/app/lab/results');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Backtest #${id}` }) });
    expect(await row.textContent()).toContain(
      `Final value ${shown.value} · P&L ${shown.pnl} · return over the period ${shown.period}`,
    );
    expect(await row.textContent()).toContain('2025-06-01 → 2025-08-31');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: screenshotPath(`figures-results-${width}`), fullPage: true });
      expect(await sideways(page)).toBeLessThanOrEqual(0);
    }
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('shows words, not identifiers or codes, and never scrolls sideways at 375 px', async () => {
    const errors: string[] = [];
    const page = await openPage(browser, 375, errors);
    await signInRoot(page, server);
    const token = await accessTokenOf(page);
    const results = await callApi<{ id: number; kind: string }[]>(server, { path: 'lab/results', token });
    const id = results.find((result) => result.kind === 'backtest')?.id;
    const routes = [
      '/app',
      '/app/positions',
      '/app/server',
      '/app/adjustments',
      '/app/ip-blacklist',
      '/app/users',
      '/app/platform-update',
      '/app/lab/data',
      '/app/lab/backtest',
      '/app/lab/sweep',
      '/app/lab/results',
      ...(id === undefined ? [] : [`/app/lab/results/${id}`]),
    ];
    // The screens a trader reads for settings and figures: no identifier, no raw code.
    const isWorded = (route: string) =>
      route === '/app' || route === '/app/adjustments' || route.startsWith('/app/lab/');
    const found: Record<string, string[]> = {};
    const wide: Record<string, number> = {};
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // Every route at 375 px (sideways scrolling); at 1280 px the worded ones only.
      for (const route of width === 375 ? routes : routes.filter(isWorded)) {
        await open(page, route);
        const over = await sideways(page);
        if (width === 375 && over > 0) wide[route] = over;
        if (isWorded(route)) {
          const leaks = leaksIn(await visibleText(page));
          if (leaks.length > 0) found[`${route} @${width}`] = leaks;
        }
        if (['/app', '/app/adjustments', '/app/lab/data', '/app/lab/sweep'].includes(route)) {
          const name = route.replace('/app', 'app').replaceAll('/', '-');
          await page.screenshot({ path: screenshotPath(`words-${name}-${width}`), fullPage: true });
        }
      }
    }
    expect(wide, 'px past the 375 px viewport').toEqual({});
    expect(found).toEqual({});
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});
