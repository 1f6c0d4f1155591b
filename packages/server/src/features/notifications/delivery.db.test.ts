import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { MAX_FAILURES, RETRY_DELAYS_MS } from './delivery-policy.js';
import { type DeliveryHarness, deliveryHarness, telegramSuite } from './test-support.js';

const T0 = 1_767_225_600_000; // 2026-01-01T00:00:00Z
const note = (index: number) => ({
  sender: 'server',
  title: `Alarm ${index}`,
  description: `CPU <above> 75 % & rising (${index})`,
});

describeEachDatabase('Telegram delivery queue', (ctx) => {
  const suite = telegramSuite(() => ctx().handle.db, T0);
  const allLines: string[] = [];

  const harness = (
    options: Parameters<typeof deliveryHarness>[2] extends infer O ? Partial<O> : never = {},
  ) => {
    const built = deliveryHarness(ctx().handle, suite.stand, {
      clock: suite.clock,
      logLines: allLines,
      ...options,
    });
    suite.running.push(built);
    return built;
  };
  /** Moves the clock and lets the worker finish what became due. */
  const pass = async (h: DeliveryHarness, ms: number) => {
    suite.clock.advance(ms);
    await h.queue.settled();
  };
  const rows = () =>
    ctx()
      .handle.db.selectFrom('notification_delivery')
      .select(['notification_id', 'state', 'attempts', 'failures', 'last_error'])
      .orderBy('notification_id')
      .execute();

  it('sends in id order, one message per 10 s, as escaped HTML', async () => {
    const h = harness();
    await h.queue.start();
    for (const index of [1, 2, 3]) await h.notifications.add(note(index), T0);
    await h.queue.settled();
    expect(suite.stand.messages).toHaveLength(1);
    await pass(h, 9_999);
    expect(suite.stand.messages).toHaveLength(1);
    await pass(h, 1);
    await pass(h, 10_000);
    expect(suite.stand.messages.map((m) => m.text.split('\n')[0])).toEqual([
      '<b>Alarm 1</b>',
      '<b>Alarm 2</b>',
      '<b>Alarm 3</b>',
    ]);
    // Arrivals at T0, T0 + 10 s, T0 + 20 s.
    expect(suite.stand.messages.map((m) => m.at - T0)).toEqual([0, 10_000, 20_000]);
    expect(suite.stand.messages[0]).toMatchObject({
      parseMode: 'HTML',
      disablePreview: true,
      chatId: suite.stand.chatId,
    });
    expect(suite.stand.messages[0]?.text).toBe(
      '<b>Alarm 1</b>\nfrom <i>server</i>\n\nCPU &lt;above&gt; 75 % &amp; rising (1)\n\n2026-01-01T00:00:00.000Z',
    );
    expect((await rows()).map((row) => [row.state, row.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['sent', 1],
    ]);
    expect(await h.notifications.deliveryStatus()).toMatchObject({
      configured: true,
      pending: 0,
      sent: 3,
      failed: 0,
      lastError: null,
      lastSentAt: T0 + 20_000,
    });
  });

  it("waits Telegram's retry_after on a 429", async () => {
    const h = harness();
    await h.queue.start();
    suite.stand.fail({ kind: 'rate-limit', retryAfter: 25 });
    await h.notifications.add(note(1), T0);
    await h.queue.settled();
    expect(await rows()).toMatchObject([{ state: 'pending', attempts: 1, failures: 0 }]);
    expect((await h.notifications.deliveryStatus()).lastError).toBe('429: Too Many Requests: retry after 25');
    await pass(h, 24_999);
    expect(suite.stand.requests).toBe(1);
    await pass(h, 1);
    expect(suite.stand.messages.map((m) => m.at - T0)).toEqual([25_000]); // retry_after 25 s
    expect(await rows()).toMatchObject([{ state: 'sent', attempts: 2, last_error: null }]);
  });

  it('retries a 500 and a dropped connection with back-off and delivers exactly once', async () => {
    const h = harness();
    await h.queue.start();
    suite.stand.fail({ kind: 'server-error' });
    suite.stand.fail({ kind: 'close' });
    await h.notifications.add(note(1), T0);
    await h.queue.settled();
    expect(await rows()).toMatchObject([
      { state: 'pending', failures: 1, last_error: '500: Internal Server Error' },
    ]);
    await pass(h, RETRY_DELAYS_MS[0] ?? 0);
    expect(await rows()).toMatchObject([{ state: 'pending', failures: 2 }]);
    expect((await rows())[0]?.last_error).toMatch(/^network error \(/);
    await pass(h, (RETRY_DELAYS_MS[1] ?? 0) - 1);
    expect(suite.stand.requests).toBe(2);
    await pass(h, 1);
    expect(suite.stand.requests).toBe(3);
    // Sent at T0 + 10 s + 30 s, once.
    expect(suite.stand.messages.map((m) => m.at - T0)).toEqual([40_000]);
    await pass(h, 3_600_000);
    expect(suite.stand.messages).toHaveLength(1);
  });

  it('gives up after 8 transient failures', async () => {
    const h = harness();
    await h.queue.start();
    suite.stand.fail({ kind: 'server-error' }, MAX_FAILURES);
    await h.notifications.add(note(1), T0);
    await h.queue.settled();
    for (const delay of RETRY_DELAYS_MS) await pass(h, delay);
    expect(suite.stand.requests).toBe(MAX_FAILURES); // 1 + 7 retries
    expect(await rows()).toMatchObject([{ state: 'failed', attempts: 8, failures: 8 }]);
    await pass(h, 86_400_000);
    expect(suite.stand.requests).toBe(MAX_FAILURES);
    expect(suite.stand.messages).toEqual([]);
  });

  it('marks a rejected token or an unknown chat failed at once, warning once, never retrying', async () => {
    for (const config of [
      { TELEGRAM_BOT_TOKEN: '111111:AAwrong_token_for_this_test_only' },
      { TELEGRAM_CHAT_ID: '@not_the_test_chat' },
    ]) {
      const lines: string[] = [];
      const h = harness({ config, logLines: lines });
      await h.queue.start();
      await h.notifications.add(note(1), T0);
      await h.notifications.add(note(2), T0);
      await h.queue.settled();
      await pass(h, 10_000);
      await pass(h, 3_600_000);
      expect(suite.stand.requests).toBe(2); // one request each, no retry
      expect((await rows()).map((row) => row.state)).toEqual(['failed', 'failed']);
      const warnings = lines.filter((line) => line.includes('Telegram delivery refused'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        config.TELEGRAM_BOT_TOKEN ? /check TELEGRAM_BOT_TOKEN/ : /chat not found: check TELEGRAM_CHAT_ID/,
      );
      const secret = config.TELEGRAM_BOT_TOKEN ?? config.TELEGRAM_CHAT_ID ?? '';
      for (const line of lines) expect(line).not.toContain(secret);
      allLines.push(...lines);
      suite.stand.requests = 0;
      await h.queue.stop();
      await ctx().handle.db.deleteFrom('notification').execute();
    }
  });

  it('counts a request with no answer as a transient failure (timeout)', async () => {
    const h = harness({ requestTimeoutMs: 50 });
    await h.queue.start();
    suite.stand.fail({ kind: 'hang' });
    await h.notifications.add(note(1), T0);
    await h.queue.settled();
    expect(await rows()).toMatchObject([
      { state: 'pending', failures: 1, last_error: 'no answer within 0.05 s' },
    ]);
    await pass(h, 10_000);
    expect(suite.stand.messages).toHaveLength(1);
  });

  it('never lets a hanging Telegram block add() or stop(), and resumes after a restart', async () => {
    const first = harness();
    await first.queue.start();
    suite.stand.fail({ kind: 'hang' });
    const stored = await first.notifications.add(note(1), T0);
    await first.notifications.add(note(2), T0);
    await vi.waitFor(() => expect(suite.stand.requests).toBe(1));
    await first.queue.stop();
    // The aborted request leaves its delivery pending, not counted as a failure.
    expect(await rows()).toMatchObject([
      { notification_id: String(stored.id), state: 'pending', attempts: 0 },
      { state: 'pending', attempts: 0 },
    ]);

    const second = harness();
    await second.queue.start();
    await second.queue.settled();
    await pass(second, 10_000);
    expect(suite.stand.messages.map((m) => m.text.split('\n')[0])).toEqual([
      '<b>Alarm 1</b>',
      '<b>Alarm 2</b>',
    ]);
  });

  it('keeps the 10 s spacing across a restart', async () => {
    const first = harness();
    await first.queue.start();
    await first.notifications.add(note(1), T0);
    await first.notifications.add(note(2), T0);
    await first.queue.settled();
    await first.queue.stop();
    const second = harness();
    await second.queue.start();
    await second.queue.settled();
    expect(suite.stand.messages).toHaveLength(1);
    await pass(second, 10_000);
    expect(suite.stand.messages.map((m) => m.at - T0)).toEqual([0, 10_000]);
  });

  it('only stores when Telegram is not configured', async () => {
    const lines: string[] = [];
    const h = deliveryHarness(ctx().handle, null, { clock: suite.clock, logLines: lines });
    await h.delivery.start();
    await h.notifications.add(note(1), T0);
    await h.delivery.stop();
    expect(await rows()).toEqual([]);
    expect((await h.notifications.list({ limit: 5 })).map((n) => n.sender)).toEqual([
      'server',
      'API initialiser',
    ]);
    expect(await h.notifications.deliveryStatus()).toMatchObject({ configured: false, pending: 0 });
    expect(lines.join('\n')).toContain('Telegram is not configured');
  });

  it("sends the 'API initialiser' notification when the platform has started", async () => {
    const h = harness();
    await h.delivery.start();
    await h.queue.settled();
    expect(suite.stand.messages[0]?.text).toMatch(
      /^<b>Balancer API started<\/b>\nfrom <i>API initialiser<\/i>\n\nVersion /,
    );
  });

  it('never logs the token or the chat id', () => {
    expect(allLines.length).toBeGreaterThan(0);
    for (const line of allLines) {
      expect(line).not.toContain(suite.stand.token);
      expect(line).not.toContain(suite.stand.chatId);
      expect(line).not.toContain(suite.stand.url);
    }
  });
});
