import type { SpawnedServer } from '@balancer/server/testing';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, withServerAndBrowser } from '../testing/browser';
import { contrastFaults } from '../testing/contrast';
import { signInRoot } from '../testing/sign-in';

let server: SpawnedServer;
let browser: Browser;
withServerAndBrowser((rig) => {
  ({ server, browser } = rig);
});

const WIDTHS = [375, 1280] as const;
const THEMES = ['light', 'dark'] as const;
/** The main screens and what shows each is drawn. */
const SIGNED_IN = [
  ['/app', 'Dashboard'],
  ['/app/positions', 'Positions'],
  ['/app/transactions', 'Transactions'],
  ['/app/profit', 'Profit by period'],
  ['/app/server', 'Server'],
] as const;

/** Every visible text of the page meets WCAG AA in this theme; a screenshot for the eye. */
async function checkContrast(page: Page, name: string): Promise<string[]> {
  const { checked, faults } = await contrastFaults(page);
  expect(checked, name).toBeGreaterThan(5);
  await page.screenshot({ path: screenshotPath(`theme-${name}`) });
  return faults.map(
    (fault) =>
      `${name}: "${fault.text}" ${fault.ratio}:1 < ${fault.needed} (${fault.color} on ${fault.background})`,
  );
}

describe('themes in a browser', () => {
  it('follows the system setting before any choice, and keeps a choice over a reload', async () => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(false);
    await page.evaluate(() => localStorage.setItem('balancer-theme', 'dark'));
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    // The contrast check finds a text too faint for its background (#777 on #888 is 1.3:1).
    await page.evaluate(() => {
      const faint = document.createElement('p');
      faint.textContent = 'Faint on purpose';
      faint.style.cssText = 'color: #777; background: #888; position: relative; z-index: 1';
      document.body.prepend(faint);
    });
    const { faults } = await contrastFaults(page);
    expect(faults).toContainEqual(expect.objectContaining({ text: 'Faint on purpose', needed: 4.5 }));
    await context.close();
  });

  it('passes WCAG AA text contrast on the main screens in both themes at 375 and 1280 px', async () => {
    const faults: string[] = [];
    for (const theme of THEMES) {
      const context = await browser.newContext({ colorScheme: theme });
      const page = await context.newPage();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${server.url}/`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        faults.push(...(await checkContrast(page, `landing-${theme}-${width}`)));
        await page.goto(`${server.url}/auth/sign-in`);
        await page.getByLabel('Nickname').waitFor();
        faults.push(...(await checkContrast(page, `sign-in-${theme}-${width}`)));
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      await signInRoot(page, server);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const [path, heading] of SIGNED_IN) {
          await page.goto(`${server.url}${path}`);
          await page.getByRole('heading', { name: heading, level: 1 }).waitFor({ timeout: 20_000 });
          await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
          faults.push(...(await checkContrast(page, `${path.slice(1).replace('/', '-')}-${theme}-${width}`)));
        }
        // A dialog: the side menu, with the theme switch.
        await page.getByRole('button', { name: /Open menu|Platform update available/ }).click();
        await page.getByRole('navigation', { name: 'Side menu' }).waitFor();
        faults.push(...(await checkContrast(page, `side-menu-${theme}-${width}`)));
        await page.keyboard.press('Escape');
      }
      await context.close();
    }
    expect(faults, faults.slice(0, 40).join('\n')).toEqual([]);
  }, 240_000);
});
