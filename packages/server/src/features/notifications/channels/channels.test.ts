import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { afterAttempt, MAX_FAILURES, RETRY_DELAYS_MS } from '../delivery-policy.js';
import { classifyPushStatus, pushPayload } from '../push/send.js';
import { vapidPublicKey } from '../push/vapid.js';
import { classifyEmailError, emailContent } from './email.js';
import { categoryOf, channelRoutes, channelsFor, DEFAULT_CATEGORIES, screenOf } from './routing.js';
import { classifyStatus, signBody, webhookBody } from './webhook.js';

const record = {
  id: 7,
  sender: 'transaction',
  title: 'Transaction succeeded',
  description: 'Bought <0.01> BTC',
  event_time: 0,
};

describe('routing', () => {
  it('sorts senders into categories and sends each only where it is routed', () => {
    expect(
      ['transaction', 'position', 'server', 'accounts', 'API initialiser', 'lab', 'new part'].map(categoryOf),
    ).toEqual(['trades', 'positions', 'alarms', 'security', 'operations', 'lab', 'operations']);
    const routes = channelRoutes({});
    expect(routes).toEqual(DEFAULT_CATEGORIES);
    const all = ['telegram', 'email', 'webhook', 'push'] as const;
    expect(channelsFor('transaction', routes, all)).toEqual(['telegram', 'webhook', 'push']);
    expect(channelsFor('accounts', routes, all)).toEqual(['telegram', 'email', 'webhook', 'push']);
    expect(channelsFor('transaction', routes, ['email', 'push'])).toEqual(['push']);
    expect(
      channelsFor('transaction', channelRoutes({ PUSH_CATEGORIES: [], EMAIL_CATEGORIES: ['trades'] }), all),
    ).toEqual(['telegram', 'email', 'webhook']);
    expect(screenOf('trades')).toBe('/app/positions');
    expect(screenOf('security')).toBe('/app/users');
  });
});

describe('webhook signing', () => {
  it('signs the exact raw body with HMAC-SHA256 as sha256=<hex>', () => {
    const body = webhookBody(record);
    const expected = createHmac('sha256', 'k'.repeat(16)).update(body).digest('hex');
    expect(signBody(body, 'k'.repeat(16))).toBe(`sha256=${expected}`);
    expect(signBody(`${body} `, 'k'.repeat(16))).not.toBe(`sha256=${expected}`);
    expect(JSON.parse(body)).toEqual({
      id: 7,
      time: '1970-01-01T00:00:00.000Z',
      category: 'trades',
      title: 'Transaction succeeded',
      message: 'Bought <0.01> BTC',
      data: { sender: 'transaction', eventTime: 0 },
      text: 'Transaction succeeded: Bought <0.01> BTC',
      content: 'Transaction succeeded: Bought <0.01> BTC',
    });
  });

  it('retries 5xx, 408 and 429 and gives up on other refusals', () => {
    expect(classifyStatus(204, null)).toEqual({ kind: 'sent' });
    expect(classifyStatus(500, null)).toMatchObject({ kind: 'transient', error: 'HTTP 500' });
    expect(classifyStatus(408, null).kind).toBe('transient');
    expect(classifyStatus(429, '12')).toMatchObject({ kind: 'rate-limited', retryAfterMs: 12_000 });
    expect(classifyStatus(404, null).kind).toBe('permanent');
    expect(classifyStatus(302, null).kind).toBe('permanent');
  });
});

describe('back-off', () => {
  it('waits 10 s, 30 s, 1 min … 1 h between tries and fails on the 8th transient error', () => {
    const waits: number[] = [];
    let failures = 0;
    for (;;) {
      const result = afterAttempt({ kind: 'transient', error: 'HTTP 500' }, failures, 0);
      if (result.state === 'failed') break;
      waits.push(result.nextAttemptAt);
      failures = result.failures;
    }
    expect(waits).toEqual(RETRY_DELAYS_MS);
    expect(failures + 1).toBe(MAX_FAILURES);
  });
});

describe('e-mail and push content', () => {
  it('escapes HTML, keeps plain text, and sorts SMTP failures without the login', () => {
    const mail = emailContent(record);
    expect(mail.subject).toBe('[Balancer] Transaction succeeded');
    expect(mail.text).toContain('Bought <0.01> BTC');
    expect(mail.html).toContain('Bought &lt;0.01&gt; BTC');
    const url = 'smtps://mailer:hunter2-pass@mail.example.org:465';
    const refused = classifyEmailError(
      { code: 'EAUTH', responseCode: 535, response: '535 mailer hunter2-pass bad' },
      url,
    );
    expect(refused).toMatchObject({ kind: 'permanent', error: 'SMTP 535: 535 [login] [login] bad' });
    expect(classifyEmailError({ code: 'ECONNECTION' }, url)).toEqual({
      kind: 'transient',
      error: 'SMTP ECONNECTION',
    });
    expect(
      classifyEmailError({ code: 'EENVELOPE', responseCode: 451, response: '451 try later' }, url).kind,
    ).toBe('transient');
  });

  it('pushes the screen to open and treats 404/410 as a gone subscription', () => {
    expect(JSON.parse(pushPayload(record))).toEqual({
      id: 7,
      title: 'Transaction succeeded',
      message: 'Bought <0.01> BTC',
      category: 'trades',
      time: 0,
      url: '/app/positions',
    });
    expect(classifyPushStatus(410, null)).toMatchObject({ kind: 'permanent', gone: true });
    expect(classifyPushStatus(404, null)).toMatchObject({ gone: true });
    expect(classifyPushStatus(503, null).kind).toBe('transient');
    expect(vapidPublicKey(Buffer.alloc(32, 9).toString('base64url'))).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  });
});
