import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type SmtpStandIn,
  startSmtpStandIn,
  startWebhookStandIn,
  type WebhookStandIn,
} from '../../testing/channel-stand-ins.js';
import { asUser, buildReadyOpsApp, type ReadyOpsApp } from '../../testing/ready-app-ops.js';
import { describeEachDatabase } from '../../testing/test-databases.js';

const WEBHOOK_SECRET = 'whsec-route-test-7f3a91c2';

/**
 * The "done when": with WEBHOOK_URL, WEBHOOK_SECRET, SMTP_URL, EMAIL_FROM and EMAIL_TO set
 * to local servers, POST /notification/test reaches each, signed as documented, and says so.
 */
describeEachDatabase('the test notification on every channel', (ctx) => {
  let hook: WebhookStandIn;
  let smtp: SmtpStandIn;
  let ops: ReadyOpsApp;
  beforeAll(async () => {
    [hook, smtp] = await Promise.all([startWebhookStandIn(), startSmtpStandIn()]);
    ops = await buildReadyOpsApp(ctx().handle, {
      config: {
        SMTP_URL: smtp.url,
        EMAIL_FROM: 'balancer@example.org',
        EMAIL_TO: ['operator@example.org', 'backup@example.org'],
        WEBHOOK_URL: hook.url,
        WEBHOOK_SECRET,
      },
    });
    await ops.services.background.find((task) => task.name === 'notifications')?.start();
  });
  afterAll(async () => {
    await ops.services.background.find((task) => task.name === 'notifications')?.stop();
    await ops.app.close();
    await Promise.all([hook.close(), smtp.close()]);
  });

  it('turns push on only for a signed-in session (a token without one: 7900)', async () => {
    const { body } = await ops.call({ method: 'GET', url: '/notification/push', headers: asUser(1) });
    expect(body.error).toMatch(/\{\(7900\)\}$/);
  });

  it('arrives by e-mail and at the webhook, and the answer and the delivery card say so', async () => {
    const { body } = await ops.call({ method: 'POST', url: '/notification/test', headers: asUser(3, true) });
    expect(body.data).toMatchObject({
      stored: { title: 'Test notification' },
      channels: [
        { channel: 'telegram', state: 'not configured', error: null },
        { channel: 'email', state: 'sent', error: null },
        { channel: 'webhook', state: 'sent', error: null },
        { channel: 'push', state: 'no devices', error: null },
      ],
    });
    const hooked = hook.received.find((got) => JSON.parse(got.body).title === 'Test notification');
    expect(hooked?.signature).toBe(
      `sha256=${createHmac('sha256', WEBHOOK_SECRET)
        .update(hooked?.body ?? '')
        .digest('hex')}`,
    );
    const mailed = smtp.received.find((mail) => mail.raw.includes('Subject: [Balancer] Test notification'));
    expect(mailed?.to).toEqual(['operator@example.org', 'backup@example.org']);
    const status = await ops.call({ method: 'GET', url: '/notification/delivery', headers: asUser(2) });
    const channels = (
      status.body.data as { channels: { channel: string; configured: boolean; lastSentAt: number | null }[] }
    ).channels;
    expect(channels.map((c) => [c.channel, c.configured, c.lastSentAt !== null])).toEqual([
      ['telegram', false, false],
      ['email', true, true],
      ['webhook', true, true],
      ['push', true, false],
    ]);
    // Nothing logged holds the SMTP password, the webhook's secret or its URL.
    for (const line of ops.logLines)
      for (const secret of [smtp.password, WEBHOOK_SECRET, hook.url]) expect(line).not.toContain(secret);
  });
});
