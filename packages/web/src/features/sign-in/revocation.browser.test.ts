import type { SpawnedServer } from '@balancer/server/testing';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, withServerAndBrowser } from '../../testing/browser';
import {
  accessTokenOf,
  callApi,
  createUser,
  openPage,
  signInRoot,
  signInThroughUi,
} from '../../testing/sign-in';

/*
 * A revocation reaches an open app window at once, in a real browser: root demotes a signed-in
 * user, and the user signs out of all devices from another browser; each time the first window
 * (its socket disconnected by the server, its token refused) lands on Sign in saying why.
 */

let server: SpawnedServer;
let browser: Browser;

withServerAndBrowser((rig) => {
  ({ server, browser } = rig);
});

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function expectSignInSaying(page: Page, text: string) {
  await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/auth/sign-in');
  await page.getByRole('status').filter({ hasText: text }).waitFor({ timeout: 10_000 });
}

describe('revocation in the browser', () => {
  it('lands an open window on Sign in with the reason when root demotes the user or they sign out everywhere', async () => {
    const errors: string[] = [];
    const rootPage = await openPage(browser, 1280, errors);
    const rootClock = await signInRoot(rootPage, server);
    const root = { token: await accessTokenOf(rootPage), clock: rootClock };
    const viewerClock = await createUser(server, root, 'viewer', 3);
    const users = await callApi<{ id: string; nickname: string }[]>(server, {
      path: 'auth/user',
      token: root.token,
    });
    const viewer = users.find((user) => user.nickname === 'viewer');

    const window = await openPage(browser, 375, errors);
    await signInThroughUi(window, server, 'viewer', viewerClock);
    await callApi(server, {
      method: 'PATCH',
      path: `auth/user/${viewer?.id}/authority`,
      body: { newAuthority: 2 },
      token: root.token,
      otp: await rootClock.nextCode(),
    });
    await expectSignInSaying(window, 'The authority of this account was changed: sign in again.');
    await window.screenshot({ path: screenshotPath('session-ended-375') });

    await signInThroughUi(window, server, 'viewer', viewerClock);
    const other = await openPage(browser, 1280, errors);
    await signInThroughUi(other, server, 'viewer', viewerClock);
    await other.getByRole('button', { name: 'Open menu' }).click();
    await other.getByRole('button', { name: 'Sign out of all devices' }).click();
    await expectSignInSaying(window, 'You were signed out of all devices.');
    await expect.poll(() => pathOf(other)).toBe('/auth/sign-in');

    // The connection closes are expected (the server closed the socket); nothing else went wrong.
    expect(errors.filter((error) => !/WebSocket|socket/i.test(error))).toEqual([]);
    for (const page of [rootPage, window, other]) await page.close();
  }, 180_000);
});
