import type { SpawnedServer } from '@balancer/server/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, withServerAndBrowser } from '../../testing/browser';

const WIDTHS = [375, 768, 1280] as const;

let server: SpawnedServer;
let browser: Browser;

withServerAndBrowser((rig) => {
  ({ server, browser } = rig);
});

/** A page whose console errors and uncaught exceptions are collected (there must be none). */
async function openPage(context: BrowserContext, width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 800 });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, errors };
}

/** Loads the app and waits until its service worker is active and controls the page. */
async function controlledPage(context: BrowserContext, width = 1280) {
  const opened = await openPage(context, width);
  await opened.page.goto(server.url);
  const worker = await opened.page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const active = registration.active as ServiceWorker;
    if (active.state !== 'activated') {
      await new Promise((resolve) => active.addEventListener('statechange', resolve, { once: true }));
    }
    return { scope: registration.scope, script: active.scriptURL, state: active.state };
  });
  await opened.page.reload(); // the first load is not controlled: the worker does not claim clients
  await expect.poll(() => opened.page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return { ...opened, worker };
}

describe('the installable app', () => {
  it('registers /sw.js with scope / and activates it', async () => {
    const context = await browser.newContext();
    const { worker, errors } = await controlledPage(context);
    expect(worker).toEqual({ scope: `${server.url}/`, script: `${server.url}/sw.js`, state: 'activated' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('links a valid manifest whose icons are served', async () => {
    const context = await browser.newContext();
    const { page } = await openPage(context, 1280);
    await page.goto(server.url);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await page.request.get(`${server.url}${href}`);
    expect(response.headers()['content-type']).toBe('application/manifest+json');
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: 'Balancer',
      short_name: 'Balancer',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0C0C0C',
      background_color: '#FFFFFF',
    });
    const sizes = manifest.icons.map(
      (icon: { sizes: string; purpose?: string }) => `${icon.sizes} ${icon.purpose ?? 'any'}`,
    );
    expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons as { src: string }[]) {
      const image = await page.request.get(`${server.url}${icon.src}`);
      expect([image.status(), image.headers()['content-type']]).toEqual([200, 'image/png']);
    }
    const worker = await page.request.get(`${server.url}/sw.js`);
    expect(worker.headers()['content-type']).toBe('application/javascript; charset=utf-8');
    expect(worker.headers()['cache-control']).toBe('no-cache'); // a new version is seen at once
    await context.close();
  });

  it('leaves server paths to the network and answers app pages from its cache', async () => {
    const context = await browser.newContext();
    const { page, errors } = await controlledPage(context);
    const [fetched] = await Promise.all([
      page.waitForResponse((response) => response.url() === `${server.url}/ping`),
      page.evaluate(() => fetch('/ping').then((response) => response.status)),
    ]);
    expect(fetched.fromServiceWorker()).toBe(false);
    for (const path of ['/ping', '/ready', '/openapi.json', '/auth/user/me']) {
      const response = await page.goto(`${server.url}${path}`);
      expect([path, response?.fromServiceWorker()]).toEqual([path, false]);
    }
    errors.length = 0; // the browser logs the server paths' own 401/404 answers
    const appPage = await page.goto(`${server.url}/no/such/page`);
    expect(appPage?.fromServiceWorker()).toBe(true);
    await expect
      .poll(() => page.getByText("We can't seem to find the page you're looking for").count())
      .toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the shell around the pages', () => {
  it("shows 'Connecting to Balancer...' while offline and still opens the app from its cache", async () => {
    const context = await browser.newContext();
    const { page } = await controlledPage(context);
    const banner = page.getByRole('status').filter({ hasText: 'Connecting to Balancer...' });
    await context.setOffline(true);
    await expect.poll(() => banner.count()).toBe(1);
    await page.reload(); // offline: index.html and the scripts come from the precache
    await expect.poll(() => banner.count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: screenshotPath(`offline-${width}`) });
    }
    await context.setOffline(false);
    await expect.poll(() => banner.count()).toBe(0);
    await context.close();
  });

  it('shows the error page when a screen fails to load, and the not-found page', async () => {
    // Without a service worker the aborted chunk cannot come from the precache.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.route(/\/assets\/sign-in-page-[^/]+\.js$/, (route) => route.abort());
    for (const width of WIDTHS) {
      const { page } = await openPage(context, width);
      await page.goto(`${server.url}/auth/sign-in`);
      await expect.poll(() => page.getByRole('button', { name: 'Refresh app' }).count()).toBe(1);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Oops!');
      expect(await page.getByTestId('route-error-text').textContent()).toContain('sign-in-page');
      await page.screenshot({ path: screenshotPath(`error-page-${width}`) });
      await page.goto(`${server.url}/no/such/page`);
      await expect.poll(() => page.getByRole('link', { name: 'Go back' }).count()).toBe(1);
      await page.screenshot({ path: screenshotPath(`not-found-${width}`) });
      await page.close();
    }
    await context.close();
  });

  it("offers 'Install Balancer' 5 s after the browser's install offer, then hides it", async () => {
    const context = await browser.newContext();
    for (const width of WIDTHS) {
      const { page, errors } = await openPage(context, width);
      await page.goto(server.url);
      await page.getByRole('heading', { level: 1 }).waitFor();
      // The browser's offer, made by hand: headless Chromium does not judge installability.
      await page.evaluate(() => {
        const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: async () => {},
          userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
        });
        window.dispatchEvent(offer);
      });
      const prompt = page.getByRole('region', { name: 'Install Balancer' });
      await prompt.waitFor({ timeout: 10_000 });
      await page.screenshot({ path: screenshotPath(`install-prompt-${width}`) });
      expect(await prompt.getByRole('progressbar').count()).toBe(1);
      await prompt.waitFor({ state: 'detached', timeout: 10_000 });
      expect(errors).toEqual([]);
      await page.close();
    }
    await context.close();
  });

  it('puts a skip link first in the keyboard order, which moves focus to the main content', async () => {
    const context = await browser.newContext();
    const { page } = await openPage(context, 1280);
    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('link', { name: 'Go back' }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    await page.screenshot({ path: screenshotPath('skip-link-1280') });
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await context.close();
  });
});
