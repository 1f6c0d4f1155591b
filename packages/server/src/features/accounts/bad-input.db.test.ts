import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeEachReadyApp } from '../../testing/ready-app.js';
import { call } from './test-support.js';
import { freshCode, signedInRoot, type TestUser } from './test-users.js';

// Bad input for every field of every accounts route: a coded error naming the field, and not a
// row written anywhere. Requests are sent as root with a valid code, so only validation stops them.

const MISSING = Symbol('missing');
type Part = 'body' | 'params' | 'query';
interface Case {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  part: Part;
  field: string;
  bad: unknown[];
  valid: Partial<Record<Part, Record<string, unknown>>>;
}

const NICKNAMES = [MISSING, '', 'a', 'x'.repeat(17), 'white space', 'ümlaut', 12, null];
const PASSWORDS = [
  MISSING,
  '',
  'Sh0rt!',
  'alllower1!',
  'ALLUPPER1!',
  'NoDigits!!',
  'NoSpecial12',
  `Aa1!${'x'.repeat(2045)}`,
  7,
];
const OTP_CODES = [MISSING, '', '12345', '1234567', '12345a', ' 123456', 123456];
const CAPTCHAS = [MISSING, '', 'not base64!', 'A'.repeat(4001), 42, {}];
const USER_IDS = ['1', 'not-a-uuid', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', `${randomUUID()}0`];
const id = randomUUID();
const signIn = { nickname: 'root', password: 'Valid-pa55!', otpToken: '123456', altchaPayload: 'AAAA' };
const update = { nickname: 'root', newPassword: 'Valid-pa55!', otpToken: '123456', altchaPayload: 'AAAA' };

const CASES: Case[] = [
  ...(['nickname', 'password', 'otpToken', 'altchaPayload'] as const).map((field) => ({
    method: 'POST' as const,
    url: '/auth/jwt/sign-in',
    part: 'body' as const,
    field,
    bad: { nickname: NICKNAMES, password: PASSWORDS, otpToken: OTP_CODES, altchaPayload: CAPTCHAS }[field],
    valid: { body: signIn },
  })),
  ...(['nickname', 'newPassword', 'otpToken', 'altchaPayload'] as const).map((field) => ({
    method: 'PATCH' as const,
    url: '/auth/user/password',
    part: 'body' as const,
    field,
    bad: { nickname: NICKNAMES, newPassword: PASSWORDS, otpToken: OTP_CODES, altchaPayload: CAPTCHAS }[field],
    valid: { body: update },
  })),
  {
    method: 'POST',
    url: '/auth/jwt/sign-out',
    part: 'body',
    field: 'allDevices',
    bad: [MISSING, 'true', 1, null],
    valid: { body: { allDevices: true } },
  },
  {
    method: 'POST',
    url: '/auth/user',
    part: 'body',
    field: 'nickname',
    bad: NICKNAMES,
    valid: { body: { nickname: 'newbie', authority: 1 } },
  },
  {
    method: 'POST',
    url: '/auth/user',
    part: 'body',
    field: 'authority',
    bad: [MISSING, 0, 5, 6, 1.5, '1', null],
    valid: { body: { nickname: 'newbie', authority: 1 } },
  },
  {
    method: 'PATCH',
    url: '/auth/user/:id/nickname',
    part: 'body',
    field: 'newNickname',
    bad: NICKNAMES,
    valid: { params: { id }, body: { newNickname: 'renamed' } },
  },
  {
    method: 'PATCH',
    url: '/auth/user/:id/authority',
    part: 'body',
    field: 'newAuthority',
    bad: [MISSING, 0, 5, '2', 2.5],
    valid: { params: { id }, body: { newAuthority: 2 } },
  },
  ...['/auth/user/:id/otp-secret', '/auth/user/:id/sessions'].map((url) => ({
    method: 'GET' as const,
    url,
    part: 'params' as const,
    field: 'id',
    bad: USER_IDS,
    valid: { params: { id } },
  })),
  {
    method: 'GET',
    url: '/auth/user/:id/password-updates',
    part: 'params',
    field: 'id',
    bad: USER_IDS,
    valid: { params: { id }, query: { limit: '5' } },
  },
  {
    method: 'GET',
    url: '/auth/user/:id/password-updates',
    part: 'query',
    field: 'limit',
    bad: [MISSING, '0', '31', 'x', '1.5', '-1', '1e1'],
    valid: { params: { id }, query: { limit: '5' } },
  },
  {
    method: 'GET',
    url: '/auth/user/:id/password-updates',
    part: 'query',
    field: 'startAtEventTime',
    bad: ['-1', 'abc', '1e3', '0x10'],
    valid: { params: { id }, query: { limit: '5' } },
  },
  ...(['nickname', 'authority', 'otp-secret'] as const).map((tail) => ({
    method: 'PATCH' as const,
    url: `/auth/user/:id/${tail}`,
    part: 'params' as const,
    field: 'id',
    bad: USER_IDS,
    valid: {
      params: { id },
      body:
        tail === 'nickname'
          ? { newNickname: 'renamed' }
          : tail === 'authority'
            ? { newAuthority: 2 }
            : undefined,
    },
  })),
  {
    method: 'DELETE',
    url: '/auth/user/:id',
    part: 'params',
    field: 'id',
    bad: USER_IDS,
    valid: { params: { id } },
  },
];

/**
 * Every accounts table, in a stable order: what "nothing written" compares. Not the users' last
 * accepted code step: the guards check (and spend) the one-time code before the arguments.
 */
async function snapshot(ready: () => { db: import('kysely').Kysely<import('../../db/types.js').Database> }) {
  const { db } = ready();
  return JSON.stringify({
    users: await db
      .selectFrom('users')
      .select(['id', 'nickname', 'authority', 'password_hash', 'otp_secret_sealed', 'created_at'])
      .orderBy('id')
      .execute(),
    account_guard: await db.selectFrom('account_guard').selectAll().orderBy('subject').execute(),
    password_updates: await db.selectFrom('password_updates').selectAll().orderBy('id').execute(),
    refresh_sessions: await db.selectFrom('refresh_sessions').selectAll().orderBy('id').execute(),
    refresh_token_rotations: await db
      .selectFrom('refresh_token_rotations')
      .selectAll()
      .orderBy('token_hash')
      .execute(),
    used_captchas: await db.selectFrom('used_captchas').selectAll().orderBy('signature').execute(),
  });
}

function withBad(valid: Record<string, unknown> | undefined, field: string, value: unknown) {
  const copy: Record<string, unknown> = { ...valid };
  if (value === MISSING) delete copy[field];
  else copy[field] = value;
  return copy;
}

describeEachReadyApp('bad input to the accounts routes', (ready) => {
  let root: TestUser & { token: string };
  beforeAll(async () => {
    root = await signedInRoot(ready());
    // Opens the session issued tokens share, before the tests snapshot the tables.
    await ready().services.accounts.issueAccessToken(root.id);
  });

  it('refuses every bad field with 6503 naming it, and writes nothing', async () => {
    const before = await snapshot(ready);
    const wrong: string[] = [];
    let sent = 0;
    for (const entry of CASES) {
      for (const value of entry.bad) {
        const params =
          entry.part === 'params' ? withBad(entry.valid.params, entry.field, value) : entry.valid.params;
        const query =
          entry.part === 'query' ? withBad(entry.valid.query, entry.field, value) : entry.valid.query;
        const body = entry.part === 'body' ? withBad(entry.valid.body, entry.field, value) : entry.valid.body;
        const path = entry.url.replace(':id', String(params?.id ?? ''));
        const search = new URLSearchParams(query as Record<string, string> | undefined).toString();
        const answer = await call(ready().app, {
          method: entry.method,
          url: search ? `${path}?${search}` : path,
          // The clock moves 30 s a request (fresh codes): a token issued now, not at sign-in.
          token: await ready().services.accounts.issueAccessToken(root.id),
          otp: await freshCode(ready(), root.otpSecret),
          ...(body === undefined ? {} : { body }),
        });
        sent += 1;
        const shown = value === MISSING ? 'missing' : JSON.stringify(value)?.slice(0, 20);
        const named = (answer.error ?? '').includes(
          `${entry.part === 'query' ? 'querystring' : entry.part}.${entry.field}`,
        );
        if (answer.code !== 6503 || !named)
          wrong.push(`${entry.method} ${entry.url} ${entry.field}=${shown}: ${answer.error}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(100);
    expect(await snapshot(ready)).toBe(before);
  }, 120_000);

  it('refuses unknown fields and bodies that are not objects', async () => {
    const before = await snapshot(ready);
    // A plain string goes out as text/plain, which the API does not read (6502).
    const bodies: Array<[string, 'POST' | 'PATCH', unknown, number]> = [
      ['/auth/jwt/sign-in', 'POST', { ...signIn, admin: true }, 6503],
      ['/auth/user/password', 'PATCH', { ...update, authority: 5 }, 6503],
      ['/auth/user', 'POST', { nickname: 'extra', authority: 1, password: 'Sneaky-pa55!' }, 6503],
      ['/auth/jwt/sign-out', 'POST', ['allDevices'], 6503],
      ['/auth/user', 'POST', 'nickname=x', 6502],
    ];
    for (const [url, method, body, code] of bodies) {
      const answer = await call(ready().app, {
        method,
        url,
        token: await ready().services.accounts.issueAccessToken(root.id),
        otp: await freshCode(ready(), root.otpSecret),
        body,
      });
      expect(answer.code, `${method} ${url}`).toBe(code);
    }
    expect(await snapshot(ready)).toBe(before);
  });
});
