import { createECDH, randomBytes } from 'node:crypto';
import type { SpawnedServer } from '@balancer/server/testing';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withServerAndBrowser } from '../../testing/browser';
import { accessTokenOf, signInRoot } from '../../testing/sign-in';

let server: SpawnedServer;
let browser: Browser;

withServerAndBrowser((rig) => {
  ({ server, browser } = rig);
});

describe('push to this device', () => {
  it('asks permission on the click, subscribes as far as chromium can, and stores a subscription per session', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['notifications'], { origin: server.url });
    const page = await context.newPage();
    await signInRoot(page, server);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.getByRole('button', { name: 'Notifications' }).click();
    const section = page.getByRole('region', { name: 'Push to this device' });
    await expect.poll(() => section.getByTestId('push-status').textContent()).toBe('Off for this device');
    const button = section.getByRole('button', { name: 'Turn on push' });
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    // Chromium without its vendor's push service (no Google API key) refuses to subscribe: the
    // app then says why. Where it can subscribe, the server stores the subscription.
    await expect
      .poll(
        async () =>
          (await section.getByRole('alert').count()) > 0 ||
          (await section.getByTestId('push-status').textContent())?.startsWith('On for this device'),
        { timeout: 15_000 },
      )
      .toBe(true);
    const subscribedInBrowser = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.pushManager.getSubscription()) !== null;
    });
    const token = await accessTokenOf(page);
    const call = async (method: 'GET' | 'PUT' | 'DELETE', data?: unknown) => {
      const response = await page.request.fetch(`${server.url}/notification/push`, {
        method,
        headers: { authorization: `Bearer ${token}` },
        ...(data === undefined ? {} : { data }),
      });
      return (await response.json()) as {
        success: boolean;
        data: { subscribed: boolean; publicKey: string };
      };
    };
    expect((await call('GET')).data.subscribed).toBe(subscribedInBrowser);
    expect((await call('GET')).data.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    // The API with a subscription made here, as a browser would send it.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const subscription = {
      endpoint: 'https://push.example.org/send/abc123',
      expirationTime: null,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    };
    expect(await call('PUT', subscription)).toMatchObject({ success: true, data: { subscribed: true } });
    expect((await call('PUT', { ...subscription, endpoint: 'http://127.0.0.1:9/x' })).success).toBe(false);
    expect(await call('DELETE')).toMatchObject({ success: true, data: { subscribed: false } });
    await context.close();
  });
});
