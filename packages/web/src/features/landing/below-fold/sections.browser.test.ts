import type { SpawnedServer } from '@balancer/server/testing';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, withServerAndBrowser } from '../../../testing/browser';

let server: SpawnedServer;
let browser: Browser;

/** The project links as an operator sets them: they reach the page through GET /ready. */
const SOURCE_CODE_URL = 'https://git.example.org/me/balancer';
withServerAndBrowser(
  (rig) => {
    ({ server, browser } = rig);
  },
  { SOURCE_CODE_URL, CONTACT_EMAIL: 'ops@example.org' },
);

/** A landing page with its errors collected (none are allowed). */
async function openLanding(width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(server.url);
  await page.locator('#footer').scrollIntoViewIfNeeded(); // sections 6–11 load when scrolled near
  await page.locator('#footer nav').first().waitFor();
  return { page, errors };
}

/** The landing page's sticky header height. */
const HEADER_PX = 64;

/** Whether every carousel's selected slide starts exactly at its viewport's left edge. */
function slidesAtRest(): boolean {
  return [...document.querySelectorAll('[aria-roledescription="carousel"]')].every((carousel) => {
    const viewport = carousel.firstElementChild!.getBoundingClientRect();
    const slide = carousel.querySelector('[data-selected]')!.getBoundingClientRect();
    return Math.abs(slide.x - viewport.x) < 1;
  });
}

/** The aria-label of the carousel's selected slide. */
const selectedSlide = (page: Page, carousel: string) =>
  page.getByRole('region', { name: carousel }).locator('[data-selected]').getAttribute('aria-label');

describe('landing sections 6–11 in Chromium', () => {
  it('advances both carousels on their own', async () => {
    const { page, errors } = await openLanding(1280);
    await page.locator('#planner').scrollIntoViewIfNeeded();
    const planner = 'Position planner examples';
    expect(await selectedSlide(page, planner)).toBe('1 of 2: Plan to increase a position');
    // 4000 ms per slide: generous bounds, no timing asserted.
    await expect
      .poll(() => selectedSlide(page, planner), { timeout: 15_000, interval: 250 })
      .toBe('2 of 2: Plan to decrease a position');
    const exchanges = 'Supported exchanges';
    const first = await selectedSlide(page, exchanges);
    await expect
      .poll(() => selectedSlide(page, exchanges), { timeout: 10_000, interval: 100 })
      .not.toBe(first);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reveals all 11 questions and links the footer', async () => {
    const { page, errors } = await openLanding(1280);
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const questions = faq.locator('button[aria-expanded]');
    expect(await questions.count()).toBe(5);
    await faq.getByRole('button', { name: 'View all' }).click();
    await expect.poll(() => questions.count()).toBe(11);
    await questions.nth(7).click();
    await expect
      .poll(() =>
        faq
          .getByText(
            /^Supported: Binance, Kraken, OKX, Bitfinex and Coinbase, for market data, paper trading and live trading/,
          )
          .isVisible(),
      )
      .toBe(true);
    const footer = page.locator('#footer');
    expect(await footer.getByRole('link', { name: 'Launch app' }).getAttribute('href')).toBe('/app');
    const external = footer.locator('a[target="_blank"]');
    // Get the product, the code host + 5 packages + 5 documentation links, all on the configured host.
    expect(await external.count()).toBe(12);
    for (const href of await external.evaluateAll((links) => links.map((l) => l.getAttribute('href'))))
      expect(href?.startsWith(SOURCE_CODE_URL)).toBe(true);
    for (const rel of await external.evaluateAll((links) => links.map((l) => l.getAttribute('rel'))))
      expect(rel).toBe('noopener noreferrer');
    await footer.getByRole('button', { name: 'Terms' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const width of [375, 768, 1280]) {
    it(`lays the sections out at ${width} px`, async () => {
      const { page, errors } = await openLanding(width);
      // Bring the sections (not the images: that would scroll the carousel's clipped viewport
      // sideways) into view so their lazy images load before the screenshot.
      for (const id of ['#planner', '#monitoring']) await page.locator(id).scrollIntoViewIfNeeded();
      for (const image of await page.locator('#planner img, #monitoring img').all())
        await expect
          .poll(() => image.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
          .toBe(true);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBe(0);
      // Stop both carousels and let them come to rest, then show sections 6–11 at once in a
      // viewport exactly their height (a full-page capture would resize the viewport and restart
      // their layout). The hero above fills the first screen and grows with the viewport, so the
      // sections' top is measured again after the resize.
      const pause = page.getByRole('button', { name: 'Pause the slides' });
      // Each click renames its button 'Play the slides', so take the first one left each time.
      while ((await pause.count()) > 0) await pause.first().dispatchEvent('click');
      const span = () =>
        page.evaluate(() => {
          const top = document.getElementById('planner')!.getBoundingClientRect().top + window.scrollY;
          const bottom = document.getElementById('footer')!.getBoundingClientRect().bottom + window.scrollY;
          return { top, height: Math.ceil(bottom - top) };
        });
      // 64 px more above the sections, for the sticky header to cover instead of their top.
      await page.setViewportSize({ width, height: (await span()).height + HEADER_PX });
      await page.evaluate((top) => window.scrollTo(0, top), (await span()).top - HEADER_PX);
      await expect.poll(() => page.evaluate(slidesAtRest)).toBe(true);
      await page.screenshot({ path: screenshotPath(`landing-sections-${width}`) });
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
