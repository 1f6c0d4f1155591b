import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramStandIn, type TelegramStandIn } from '../../../testing/telegram-server.js';
import { classifyAnswer, type SendOutcome, sendMessage, type TelegramTarget } from './bot-api.js';

describe('sendMessage against the Bot API stand-in', () => {
  let stand: TelegramStandIn;
  let target: TelegramTarget;
  const send = (to: TelegramTarget = target, timeoutMs = 5_000, signal = new AbortController().signal) =>
    sendMessage(to, '<b>hi</b> &amp; bye', { signal, timeoutMs });
  /** Every text an outcome carries, for the secret checks. */
  const texts = (outcome: SendOutcome) => Object.values(outcome).join(' ');

  beforeAll(async () => {
    stand = await startTelegramStandIn();
    target = { apiUrl: `${stand.url}/`, token: stand.token, chatId: stand.chatId };
  });
  afterAll(() => stand.close());

  it('sends and the stand-in receives the HTML text', async () => {
    expect(await send()).toEqual({ kind: 'sent' });
    expect(stand.messages.at(-1)).toMatchObject({ text: '<b>hi</b> &amp; bye', parseMode: 'HTML' });
  });

  it('sorts the refusals: wrong token and unknown chat are permanent, with the fix to make', async () => {
    const badToken = await send({ ...target, token: '1:AAnot-the-right-token-at-all' });
    expect(badToken).toMatchObject({ kind: 'permanent', error: '401: Unauthorized' });
    expect(texts(badToken)).toContain('check TELEGRAM_BOT_TOKEN');
    const badChat = await send({ ...target, chatId: '@someone_else' });
    expect(badChat).toMatchObject({ kind: 'permanent', error: '400: Bad Request: chat not found' });
    expect(texts(badChat)).not.toContain('@someone_else');
  });

  it('reads 429 retry_after, and 500 and dropped connections as transient', async () => {
    stand.fail({ kind: 'rate-limit', retryAfter: 7 });
    expect(await send()).toMatchObject({ kind: 'rate-limited', retryAfterMs: 7_000 }); // 7 s
    stand.fail({ kind: 'server-error' });
    expect(await send()).toEqual({ kind: 'transient', error: '500: Internal Server Error' });
    stand.fail({ kind: 'close' });
    const closed = await send();
    expect(closed.kind).toBe('transient');
    expect(texts(closed)).not.toContain(stand.token);
  });

  it('times out a hanging request, and reports a shutdown abort as stopped', async () => {
    stand.fail({ kind: 'hang' });
    expect(await send(target, 50)).toEqual({ kind: 'transient', error: 'no answer within 0.05 s' });
    stand.fail({ kind: 'hang' });
    const controller = new AbortController();
    const pending = send(target, 60_000, controller.signal);
    controller.abort();
    expect(await pending).toEqual({ kind: 'stopped' });
  });

  it('never puts the URL, token or chat id in an outcome, even for a malformed URL', async () => {
    const broken = await send({ ...target, apiUrl: 'http://[bad' });
    expect(broken.kind).toBe('transient');
    for (const secret of [target.token, target.chatId]) expect(texts(broken)).not.toContain(secret);
    const echoed = classifyAnswer(
      403,
      { ok: false, error_code: 403, description: `Forbidden: ${target.token} in ${target.chatId}` },
      target,
    );
    expect(echoed).toMatchObject({ kind: 'permanent', error: '403: Forbidden: [token] in [chat id]' });
  });

  it('names the fix for a group that became a supergroup', () => {
    const migrated = classifyAnswer(
      400,
      {
        ok: false,
        error_code: 400,
        description: 'Bad Request: group chat was upgraded to a supergroup chat',
        parameters: { migrate_to_chat_id: -100123 },
      },
      target,
    );
    expect(texts(migrated)).toContain('set TELEGRAM_CHAT_ID to its new id');
    expect(classifyAnswer(502, null, target)).toEqual({ kind: 'transient', error: '502: HTTP 502' });
  });
});
