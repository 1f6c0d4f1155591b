import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { asUser, buildReadyOpsApp, type ReadyOpsApp } from '../../testing/ready-app-ops.js';
import { startTelegramStandIn, type TelegramStandIn } from '../../testing/telegram-server.js';
import { describeEachDatabase } from '../../testing/test-databases.js';

const errorCode = (error: string | null) => Number(/\{\((-?\d+)\)\}$/.exec(error ?? '')?.[1] ?? -1);

describeEachDatabase('notification delivery routes', (ctx) => {
  let stand: TelegramStandIn;
  let plain: ReadyOpsApp;
  let telegram: ReadyOpsApp;
  beforeAll(async () => {
    stand = await startTelegramStandIn();
    plain = await buildReadyOpsApp(ctx().handle);
    telegram = await buildReadyOpsApp(ctx().handle, {
      config: {
        TELEGRAM_API_URL: stand.url,
        TELEGRAM_BOT_TOKEN: stand.token,
        TELEGRAM_CHAT_ID: stand.chatId,
      },
    });
  });
  afterAll(async () => {
    await plain.app.close();
    await telegram.app.close();
    await stand.close();
  });
  const stored = async () => (await ctx().handle.db.selectFrom('notification').select('id').execute()).length;

  it('guards POST /notification/test: authority 3 with a one-time code, storing nothing otherwise', async () => {
    const before = await stored();
    const refusals: Array<[Record<string, string>, number]> = [
      [{}, 4252],
      [asUser(2, true), 4002],
      [asUser(3), 4003],
      [{ ...asUser(3), 'otp-token': '000000' }, 4004],
    ];
    for (const [headers, code] of refusals) {
      const { body } = await plain.call({ method: 'POST', url: '/notification/test', headers });
      expect(errorCode(body.error), JSON.stringify(headers)).toBe(code);
    }
    expect(await stored()).toBe(before);
  });

  it('stores a test notification, queued only when Telegram is configured', async () => {
    const alone = await plain.call({ method: 'POST', url: '/notification/test', headers: asUser(3, true) });
    expect(alone.body.data).toMatchObject({
      stored: { sender: 'server', title: 'Test notification' },
      telegram: 'not configured',
    });
    const queued = await telegram.call({
      method: 'POST',
      url: '/notification/test',
      headers: asUser(4, true),
    });
    expect(queued.body.data).toMatchObject({ stored: { title: 'Test notification' }, telegram: 'queued' });
    const status = await telegram.call({ method: 'GET', url: '/notification/delivery', headers: asUser(2) });
    expect(status.body.data).toMatchObject({
      configured: true,
      pending: 1,
      sent: 0,
      failed: 0,
      lastError: null,
      lastSentAt: null,
    });
    const off = await plain.call({ method: 'GET', url: '/notification/delivery', headers: asUser(2) });
    expect(off.body.data).toMatchObject({ configured: false });
  });

  it('delivers through the one service the routes use once the background task runs', async () => {
    const task = telegram.services.background.find((candidate) => candidate.name === 'notifications');
    await task?.start();
    await vi.waitFor(() => expect(stand.messages).toHaveLength(1));
    // Stopped only once the send is recorded: a stop while Telegram's answer is still on its way
    // leaves the row pending on purpose (it is sent again after a restart: at least once).
    const status = async () =>
      (await telegram.call({ method: 'GET', url: '/notification/delivery', headers: asUser(2) })).body.data;
    await vi.waitFor(async () => expect(await status()).toMatchObject({ sent: 1 }));
    await task?.stop();
    expect(stand.messages[0]?.text).toMatch(/^<b>Test notification<\/b>/);
    // The test notification sent; the 'API initialiser' one still waits its 10 s.
    expect(await status()).toMatchObject({ pending: 1, sent: 1, failed: 0 });
  });

  it('keeps the delivery status from authority 1 and the lists from anonymous callers', async () => {
    const low = await plain.call({ method: 'GET', url: '/notification/delivery', headers: asUser(1) });
    expect(errorCode(low.body.error)).toBe(4002);
    const anonymous = await plain.call({ method: 'GET', url: '/notification/delivery' });
    expect(errorCode(anonymous.body.error)).toBe(4252);
  });

  it('refuses bad list arguments with 6503, never a 500', async () => {
    const bad = [
      'limit=abc',
      'limit=1.5',
      'limit=-1',
      'limit=5&startAtID=abc',
      'limit=5&startAtID=1.5',
      'startAtID=3',
    ];
    for (const query of bad) {
      const { res, body } = await plain.call({
        method: 'GET',
        url: `/notification?${query}`,
        headers: asUser(1),
      });
      expect(res.statusCode, query).toBe(200);
      expect(errorCode(body.error), query).toBe(6503);
    }
  });

  it('never logs the token or the chat id', () => {
    for (const line of [...plain.logLines, ...telegram.logLines]) {
      expect(line).not.toContain(stand.token);
      expect(line).not.toContain(stand.chatId);
    }
  });
});
