import type { SpawnedServer } from '@balancer/server/testing';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, withServerAndBrowser } from '../../testing/browser';
import {
  accessTokenOf,
  createUser,
  type OtpClock,
  openPage,
  signInRoot,
  signInThroughUi,
} from '../../testing/sign-in';

const WIDTHS = [375, 768, 1280] as const;

let server: SpawnedServer;
let browser: Browser;
let root: { token: string; clock: OtpClock } | undefined;

withServerAndBrowser((rig) => {
  ({ server, browser } = rig);
});

/** 15 made-up notifications (ids 1000–986), so the real list continues on the next page. */
const FAKE_PAGE = Array.from({ length: 15 }, (_, index) => ({
  id: 1000 - index,
  sender: 'test',
  title: `Stand-in ${1000 - index}`,
  description: 'A full first page',
  event_time: Date.UTC(2026, 10, 22, 9, 0),
}));

describe('the signed-in shell in a browser', () => {
  it('shows root the shell, the live price, the Server badge and the notifications', async () => {
    const errors: string[] = [];
    const page = await openPage(browser, 1280, errors);
    const clock = await signInRoot(page, server);

    // The simulator ticks every few seconds: the header's price changes over the socket.
    const price = page.getByTestId('header-price');
    await price.waitFor({ timeout: 30_000 });
    const first = await price.textContent();
    await expect.poll(() => price.textContent(), { timeout: 30_000 }).not.toBe(first);
    await page.getByRole('banner').getByText('SIMULATED market').waitFor();
    // Taken once the stream is up: the token's refresh rotates the cookie the handshake reads.
    root = { token: await accessTokenOf(page), clock };

    // Three failed calls (a bad query to three routes) are logged as API errors: the Server badge
    // counts them. (The same error repeated within a minute would be one entry with its count.)
    for (const path of ['notification', 'ip-blacklist', 'position/records']) {
      await fetch(`${server.url}/${path}?limit=abc`, {
        headers: { authorization: `Bearer ${root.token}` },
      });
    }
    const serverLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Server/ });
    await expect.poll(() => serverLink.textContent(), { timeout: 30_000 }).toContain('3 unread API errors');

    // The first page is a stand-in of 15 so that 'Load more' asks the real server for the rest.
    await page.route(
      (url) => url.pathname === '/notification' && !url.searchParams.has('startAtID'),
      (route) =>
        route.fulfill({
          json: { success: true, data: { notifications: FAKE_PAGE, unread: 0 }, error: null },
        }),
    );
    await page.getByRole('button', { name: 'Notifications' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    await dialog.getByText('Events broadcasted by the Balancer API').waitFor();
    await expect.poll(() => dialog.getByRole('listitem').count()).toBe(15);
    await dialog.getByRole('button', { name: 'Load more' }).click();
    await dialog.getByText('Balancer API started').waitFor({ timeout: 10_000 });
    await page.screenshot({ path: screenshotPath('shell-notifications-1280') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.unroute(() => true);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: screenshotPath(`shell-${width}`) });
    }
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Side menu' }).waitFor();
    await page.screenshot({ path: screenshotPath('shell-side-menu-1280') });
    expect(errors).toEqual([]);
    await page.close();
  }, 150_000);

  it('disables the items above an authority-1 user', async () => {
    if (!root) throw new Error('the first test signs root in');
    const viewerClock = await createUser(server, root, 'viewer', 1);
    const errors: string[] = [];
    const page = await openPage(browser, 375, errors);
    await signInThroughUi(page, server, 'viewer', viewerClock);
    const bottom = page.getByRole('navigation', { name: 'Main (bottom bar)' });
    await bottom.getByRole('link', { name: 'Dashboard' }).waitFor({ timeout: 15_000 });
    for (const label of ['Positions', 'Server', 'Adjustments', 'Lab']) {
      await expect.poll(() => bottom.locator('[aria-disabled="true"]', { hasText: label }).count()).toBe(1);
    }
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Side menu' });
    await menu.getByText('Needs authority 5').waitFor();
    expect(await menu.locator('[aria-disabled="true"]').allTextContents()).toEqual([
      'IP address blacklistNeeds authority 2',
      'UsersNeeds authority 5',
    ]);
    await page.screenshot({ path: screenshotPath('shell-viewer-menu-375') });
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
