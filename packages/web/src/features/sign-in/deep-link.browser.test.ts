import type { SpawnedServer } from '@balancer/server/testing';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, withServerAndBrowser } from '../../testing/browser';
import {
  openPage,
  otpClock,
  rootOtpSecret,
  setPassword,
  solveCaptchaWidget,
  TEST_PASSWORD,
} from '../../testing/sign-in';

/*
 * Issue 17 in a real browser, at a phone's and a desktop's width: a signed-out deep link leads
 * to Sign in and, once signed in, back to that page; the captcha shows its progress; root's
 * session list names the device readably and marks this one; another session can be ended.
 */

let server: SpawnedServer;
let browser: Browser;

withServerAndBrowser((rig) => {
  ({ server, browser } = rig);
});

describe('sign-in returns to the page that asked, and sessions read well', () => {
  it('walks a deep link through Sign in at 375 and 1280 px, then ends the other session', async () => {
    const clock = otpClock(server, rootOtpSecret(server));
    await setPassword(server, 'root', clock);
    for (const width of [375, 1280]) {
      const errors: string[] = [];
      const page = await openPage(browser, width, errors);
      await page.goto(`${server.url}/app/users`);
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/auth/sign-in');
      await page.getByLabel('Nickname').fill('root');
      await page.getByLabel('Password').fill(TEST_PASSWORD);
      await solveCaptchaWidget(page);
      await page.screenshot({ path: screenshotPath(`sign-in-verified-${width}`), fullPage: true });
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      const code = await clock.nextCode();
      await page.getByLabel('Digit 1 of 6').click();
      await page.keyboard.type(code);
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/app/users');
      await page.getByRole('button', { name: 'History: root' }).click();
      await page.getByRole('listitem', { name: 'Headless Chrome on Linux (this device)' }).waitFor();
      await page.screenshot({ path: screenshotPath(`sessions-${width}`) });
      if (width === 1280) {
        // The 375 px window's session is the other one: end it.
        const other = page.getByRole('button', { name: 'End the session on Headless Chrome on Linux' });
        await other.first().click();
        await expect.poll(() => other.count(), { timeout: 10_000 }).toBe(0);
      }
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
