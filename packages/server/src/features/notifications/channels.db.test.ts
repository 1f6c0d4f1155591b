import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Config } from '../../config/schema.js';
import {
  type SmtpStandIn,
  startSmtpStandIn,
  startWebhookStandIn,
  type WebhookStandIn,
} from '../../testing/channel-stand-ins.js';
import { type PushStandIn, startPushStandIn } from '../../testing/push-service.js';
import { TEST_CONFIG } from '../../testing/test-app.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { RETRY_DELAYS_MS } from './delivery-policy.js';
import { pushSubscriptionRetention, saveSubscription } from './push/subscriptions.js';
import { type DeliveryHarness, deliveryHarness, type ManualClock, manualClock } from './test-support.js';

const T0 = 1_767_225_600_000; // 2026-01-01T00:00:00Z
const WEBHOOK_SECRET = 'whsec-test-0b9d2f61c7a4';

describeEachDatabase('notification channels', (ctx) => {
  let hook: WebhookStandIn;
  let smtp: SmtpStandIn;
  let push: PushStandIn;
  let clock: ManualClock;
  const running: DeliveryHarness[] = [];
  const logLines: string[] = [];
  const db = () => ctx().handle.db;

  beforeAll(async () => {
    [hook, smtp, push] = await Promise.all([startWebhookStandIn(), startSmtpStandIn(), startPushStandIn()]);
  });
  afterAll(async () => {
    await Promise.all([hook.close(), smtp.close(), push.close()]);
  });
  beforeEach(async () => {
    clock = manualClock(T0);
    hook.received.length = 0;
    smtp.received.length = 0;
    push.received.length = 0;
    await db().deleteFrom('notification').execute();
    await db().deleteFrom('push_subscription').execute();
    await db().deleteFrom('cluster_lease').execute();
  });
  afterEach(async () => {
    for (const h of running.splice(0)) await h.delivery.stop();
  });

  const config = (overrides: Partial<Config> = {}): Partial<Config> => ({
    SMTP_URL: smtp.url,
    EMAIL_FROM: 'balancer@example.org',
    EMAIL_TO: ['operator@example.org'],
    WEBHOOK_URL: hook.url,
    WEBHOOK_SECRET,
    ...overrides,
  });
  const harness = (overrides: Partial<Config> = {}, requestTimeoutMs?: number) => {
    const h = deliveryHarness(ctx().handle, null, {
      clock,
      config: config(overrides),
      logLines,
      ...(requestTimeoutMs === undefined ? {} : { requestTimeoutMs }),
    });
    running.push(h);
    return h;
  };
  const startQueues = async (h: DeliveryHarness) => {
    for (const queue of Object.values(h.channels.queues)) await queue.start();
  };
  const settled = async (h: DeliveryHarness) => {
    for (const queue of Object.values(h.channels.queues)) await queue.settled();
  };
  /** A signed-in device with a push subscription at the stand-in. */
  const device = async () => {
    const user = await db()
      .insertInto('users')
      .values({
        nickname: `u${Math.random().toString(36).slice(2, 8)}`,
        authority: 1,
        otp_secret_sealed: 'x',
        created_at: T0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const session = await db()
      .insertInto('refresh_sessions')
      .values({
        user_id: user.id,
        token_hash: `h${Math.random()}`,
        created_at: T0,
        last_used_at: T0,
        expires_at: T0 + 86_400_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const subscription = push.subscribe();
    await saveSubscription(db(), { userId: user.id, sessionId: session.id }, subscription, T0);
    return { sessionId: session.id, subscription };
  };
  const states = async () =>
    (
      await db()
        .selectFrom('notification_delivery')
        .select(['channel', 'state', 'failures', 'last_error'])
        .orderBy('channel')
        .execute()
    ).map((row) => [row.channel.replace(/^push:.*/, 'push'), row.state, row.failures]);

  it('sends the test notification to every channel and reports each result, signed as documented', async () => {
    await device();
    const h = harness();
    await startQueues(h);
    const stored = await h.notifications.add(
      { sender: 'server', title: 'Test notification', description: 'Requested by root <check>' },
      T0,
      { every: true },
    );
    await settled(h);
    expect(await h.notifications.channelResults(stored.id, 2_000)).toEqual([
      { channel: 'telegram', state: 'not configured', error: null },
      { channel: 'email', state: 'sent', error: null },
      { channel: 'webhook', state: 'sent', error: null },
      { channel: 'push', state: 'sent', error: null },
    ]);
    // Webhook: the raw body's HMAC-SHA256 under WEBHOOK_SECRET, and the documented fields.
    const [got] = hook.received;
    expect(got?.signature).toBe(
      `sha256=${createHmac('sha256', WEBHOOK_SECRET)
        .update(got?.body ?? '')
        .digest('hex')}`,
    );
    expect(JSON.parse(got?.body ?? '{}')).toMatchObject({
      id: stored.id,
      time: '2026-01-01T00:00:00.000Z',
      category: 'alarms',
      title: 'Test notification',
      message: 'Requested by root <check>',
      data: { sender: 'server', eventTime: T0 },
      text: 'Test notification: Requested by root <check>',
    });
    // E-mail: from and to as configured, plain text and HTML (escaped).
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: 'balancer@example.org', to: ['operator@example.org'] });
    expect(smtp.received[0]?.raw).toContain('Subject: [Balancer] Test notification');
    expect(smtp.received[0]?.raw).toContain('text/plain');
    expect(smtp.received[0]?.raw).toContain('Requested by root &lt;check&gt;');
    // Push: decrypted by the stand-in with the subscription's private key; VAPID checked there.
    expect(push.refused).toEqual([]);
    expect(push.received).toHaveLength(1);
    expect(JSON.parse(push.received[0]?.text ?? '{}')).toMatchObject({
      id: stored.id,
      title: 'Test notification',
      message: 'Requested by root <check>',
      url: '/app/server',
    });
    expect(push.received[0]?.claims.aud).toBe(push.origin);
    expect(push.received[0]?.claims.sub).toBe('mailto:balancer@example.org');
    const status = await h.notifications.deliveryStatus();
    expect(status.channels.map((c) => [c.channel, c.configured, c.sent, c.devices])).toEqual([
      ['telegram', false, 0, null],
      ['email', true, 1, null],
      ['webhook', true, 1, null],
      ['push', true, 1, 1],
    ]);
  });

  it('routes by category: a trade goes to the webhook and the phone, not by e-mail', async () => {
    await device();
    const h = harness();
    await startQueues(h);
    await h.notifications.add(
      { sender: 'transaction', title: 'Transaction succeeded', description: 'bought' },
      T0,
    );
    await settled(h);
    expect(await states()).toEqual([
      ['push', 'sent', 0],
      ['webhook', 'sent', 0],
    ]);
    expect(smtp.received).toHaveLength(0);
    expect(JSON.parse(hook.received[0]?.body ?? '{}').category).toBe('trades');
  });

  it('retries a failing webhook with back-off without delaying the other channels, and sends it once', async () => {
    await device();
    const h = harness();
    await startQueues(h);
    hook.fail(500);
    await h.notifications.add({ sender: 'server', title: 'CPU alarm', description: 'CPU above 75 %' }, T0);
    await settled(h);
    expect(await states()).toEqual([
      ['email', 'sent', 0],
      ['push', 'sent', 0],
      ['webhook', 'pending', 1],
    ]);
    clock.advance((RETRY_DELAYS_MS[0] ?? 0) - 1);
    await settled(h);
    expect(hook.received).toHaveLength(0);
    clock.advance(1);
    await settled(h);
    expect(hook.received).toHaveLength(1);
    expect(await states()).toContainEqual(['webhook', 'sent', 1]);
    clock.advance(3_600_000);
    await settled(h);
    expect([hook.received.length, smtp.received.length, push.received.length]).toEqual([1, 1, 1]);
  });

  it('keeps a delivery cut off by a stop (a hanging webhook) and sends it once after the restart', async () => {
    const first = harness();
    await startQueues(first);
    hook.fail('hang');
    await first.notifications.add({ sender: 'API initialiser', title: 'Update', description: 'v2' }, T0);
    // The e-mail goes out; the webhook request hangs until the stop aborts it.
    await first.channels.queues.email.settled();
    await first.delivery.stop();
    expect(await states()).toEqual([
      ['email', 'sent', 0],
      ['webhook', 'pending', 0],
    ]);
    const second = harness();
    await startQueues(second);
    await settled(second);
    expect(await states()).toEqual([
      ['email', 'sent', 0],
      ['webhook', 'sent', 0],
    ]);
    expect([hook.received.length, smtp.received.length]).toEqual([1, 1]);
  });

  it('counts a webhook that never answers, an unreachable SMTP server and an expired subscription as handled failures', async () => {
    const { subscription } = await device();
    push.expire(subscription.endpoint);
    const h = harness({ SMTP_URL: 'smtp://balancer:smtp-pass-5a7c93@127.0.0.1:9' }, 300);
    await startQueues(h);
    hook.fail('hang');
    await h.notifications.add({ sender: 'accounts', title: 'Guessing', description: 'wrong codes' }, T0);
    await settled(h);
    const rows = await db()
      .selectFrom('notification_delivery')
      .select(['channel', 'state', 'last_error'])
      .execute();
    const byChannel = Object.fromEntries(rows.map((row) => [row.channel.replace(/^push:.*/, 'push'), row]));
    expect(byChannel.webhook).toMatchObject({ state: 'pending', last_error: 'no answer within 0.3 s' });
    expect(byChannel.email).toMatchObject({ state: 'pending' });
    expect(byChannel.email?.last_error).toMatch(/^SMTP E/);
    expect(byChannel.push).toMatchObject({ state: 'failed' });
    expect(byChannel.push?.last_error).toMatch(/^HTTP 410/);
    // The push service forgot the subscription: so did the platform.
    expect(await db().selectFrom('push_subscription').select('id').execute()).toEqual([]);
    // Nothing logged holds a secret: the SMTP password, the webhook secret or URL, the VAPID key.
    const logged = logLines.join('\n');
    for (const secret of [
      'smtp-pass-5a7c93',
      WEBHOOK_SECRET,
      hook.url,
      'secret-path-token',
      TEST_CONFIG.VAPID_PRIVATE_KEY,
    ])
      expect(logged).not.toContain(secret);
    expect(logged).toContain('the webhook delivery failed; it will be retried');
  });

  it('forgets a subscription and its pending pushes when the session ends', async () => {
    const { sessionId } = await device();
    const h = harness({ PUSH_CATEGORIES: ['alarms'] });
    await h.notifications.add({ sender: 'server', title: 'Disk alarm', description: 'disk above 80 %' }, T0);
    expect(await states()).toContainEqual(['push', 'pending', 0]);
    await db().deleteFrom('refresh_sessions').where('id', '=', sessionId).execute();
    expect(await db().selectFrom('push_subscription').select('id').execute()).toEqual([]);
    await startQueues(h);
    await settled(h);
    expect(push.received).toEqual([]);
  });

  it('keeps subscriptions of live sessions only (retention)', async () => {
    await device();
    expect(await pushSubscriptionRetention.apply(db(), T0 + 3_600_000)).toBe(0);
    // The device's session expires a day after T0.
    expect(await pushSubscriptionRetention.apply(db(), T0 + 86_400_001)).toBe(1);
    expect(await db().selectFrom('push_subscription').select('id').execute()).toEqual([]);
  });
});
