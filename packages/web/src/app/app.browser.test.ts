import type { SpawnedServer } from '@balancer/server/testing';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, withServerAndBrowser } from '../testing/browser';

let server: SpawnedServer;
let browser: Browser;

withServerAndBrowser((rig) => {
  ({ server, browser } = rig);
});

describe('the web app served by the running server', () => {
  it('loads the landing page, which reports the platform ready', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const response = await page.goto(server.url);
    expect(response?.status()).toBe(200);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Trade like a professional consistently');
    await expect
      .poll(() => page.getByTestId('platform-status').textContent())
      .toBe('Platform ready (database: pglite)');
    await page.screenshot({ path: screenshotPath('landing-1280') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('routes an unknown path to the not-found page, whose button goes back home', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await page.goto(`${server.url}/no/such/page`);
    await expect
      .poll(() => page.getByText("We can't seem to find the page you're looking for").count())
      .toBe(1);
    await page.screenshot({ path: screenshotPath('not-found-375') });
    await page.getByRole('link', { name: 'Go back' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.close();
  });
});
