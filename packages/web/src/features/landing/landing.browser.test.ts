import { DEFAULT_STRATEGY_CONFIG, DEFAULT_WINDOW_CONFIG } from '@balancer/core';
import type { SpawnedServer } from '@balancer/server/testing';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, withServerAndBrowser } from '../../testing/browser';
import { LANDING_SECTION_IDS } from './sections';

let server: SpawnedServer;
let browser: Browser;

withServerAndBrowser((rig) => {
  ({ server, browser } = rig);
});

/** A page on the landing page that records console errors and the scripts it loads. */
async function openLanding(width: number): Promise<{ page: Page; errors: string[]; scripts: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  const errors: string[] = [];
  const scripts: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(server.url);
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).textContent())
    .toBe('Trade like a professional consistently');
  return { page, errors, scripts };
}

const chartCanvases = (page: Page) => page.locator('[data-testid="sample-chart"] canvas').count();

describe('the landing page', () => {
  it('shows the sections in order and loads the chart lazily', async () => {
    const html = await (await fetch(server.url)).text();
    expect(html).not.toContain('sample-chart'); // not preloaded with the first load
    const { page, errors, scripts } = await openLanding(1280);
    const ids = await page.evaluate(
      (known) =>
        [...document.querySelectorAll('[id]')]
          .map((element) => element.id)
          .filter((id) => known.includes(id)),
      [...LANDING_SECTION_IDS] as string[],
    );
    expect(ids).toEqual([...LANDING_SECTION_IDS]);
    // Below the full-screen hero, the chart (and its library) waits until scrolled towards.
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((script) => /\/(sample-chart|vendor-chart|sections)-/.test(script))).toEqual([]);
    await page.locator('#position_sample').scrollIntoViewIfNeeded();
    await expect.poll(() => chartCanvases(page)).toBeGreaterThan(0);
    expect(scripts.some((script) => /\/assets\/sample-chart-[\w-]+\.js$/.test(script))).toBe(true);
    // The chart's box: 500 px from md up.
    const box = await page.getByTestId('sample-chart').boundingBox();
    expect(box?.height).toBe(500);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('loads neither the router nor react-query first, and hands over to the router on a link', async () => {
    const { page, errors, scripts } = await openLanding(1280);
    await page.waitForLoadState('networkidle');
    // docs/web.md, First load: the landing page at / is shown without the router.
    expect(scripts.filter((script) => /\/assets\/(react-router|router|query)-/.test(script))).toEqual([]);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('link', { name: 'Launch app' }).click();
    // Not signed in: the app sends the visitor to sign in, in the same document (no reload).
    await expect.poll(() => new URL(page.url()).pathname).toBe('/auth/sign-in');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    // Back on the landing page, now inside the router.
    await page.goBack();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Trade like a professional consistently');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('closes the menu, then scrolls to the chosen section', async () => {
    const { page, errors } = await openLanding(1280);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Indicators' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Menu' }).count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.getElementById('indicators')!.getBoundingClientRect().top), {
        timeout: 5000, // the 500 ms delay plus a smooth scroll of a few thousand pixels
      })
      .toBeLessThan(100); // at the top, below the 64 px header
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('scrolls to a section that loads on the way and lands on its final place', async () => {
    const { page, errors } = await openLanding(1280);
    expect(await page.locator('#faq[aria-busy="true"]').count()).toBe(1); // not loaded yet
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'FAQ' }).click();
    await page.getByRole('region', { name: 'Frequently asked questions' }).waitFor();
    // Loaded, and the page settles with the section at the top, below the 64 px header.
    const faqTop = () =>
      page.evaluate(() => Math.round(document.getElementById('faq')!.getBoundingClientRect().top));
    // The 500 ms delay plus a smooth scroll of several thousand pixels.
    await expect.poll(faqTop, { timeout: 5000 }).toBe(64);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens and closes the info dialogs with the real defaults', async () => {
    const { page, errors } = await openLanding(1280);
    await page.getByRole('button', { name: 'Learn more about the Window indicator' }).click();
    const windowDialog = page.getByRole('dialog', { name: 'Window' });
    await expect
      .poll(() => windowDialog.textContent())
      .toContain(`${DEFAULT_WINDOW_CONFIG.size} candles of ${DEFAULT_WINDOW_CONFIG.interval}`);
    await page.keyboard.press('Escape');
    await expect.poll(() => windowDialog.count()).toBe(0);

    await page.getByRole('button', { name: 'Learn about the strategy' }).click();
    const strategy = page.getByRole('dialog', { name: 'Strategy' });
    const level = DEFAULT_STRATEGY_CONFIG.decreaseLevels[0];
    await expect.poll(() => strategy.textContent()).toContain(`sell ${level.percentage} % of the position`);
    await page.screenshot({ path: screenshotPath('landing-dialog-strategy-1280') });
    await strategy.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => strategy.count()).toBe(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Contact' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Contact' }).count()).toBe(1);
    // This server sets neither SOURCE_CODE_URL nor CONTACT_EMAIL: no placeholder, plainly said.
    const contact = page.getByRole('dialog', { name: 'Contact' });
    expect(await contact.textContent()).toContain('a contact address is not configured on this install');
    expect(await contact.getByRole('link').count()).toBe(0);
    expect(await page.locator('header a[target="_blank"]').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each([375, 768, 1280])('lays out at %i px', async (width) => {
    const { page, errors } = await openLanding(width);
    await page.locator('#position_sample').scrollIntoViewIfNeeded();
    await expect.poll(() => chartCanvases(page)).toBeGreaterThan(0);
    const chart = await page.getByTestId('sample-chart').boundingBox();
    expect(chart?.height).toBe(width < 768 ? 400 : 500); // 400 on xs/sm, 500 otherwise
    // Nothing wider than the viewport.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // Sections 6–11 load when scrolled near: bring them in for the whole-page picture.
    await page.locator('#footer').scrollIntoViewIfNeeded();
    await page.locator('#footer nav').first().waitFor();
    await page.screenshot({ path: screenshotPath(`landing-${width}`), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});
