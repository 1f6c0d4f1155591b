import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { describeEachReadyApp } from '../../testing/ready-app.js';
import { Passwords } from './passwords.js';
import { call, codeAt, nextIp, solvedCaptcha } from './test-support.js';
import { createTestUser, freshCode, signedInRoot, signInUser, type TestUser } from './test-users.js';

// Sign-in and the password update: one generic failure, one-time codes and captchas that work
// once, and the strict rate limit that stops brute force.

describeEachReadyApp('credentials', (ready) => {
  let carol: TestUser;
  beforeAll(async () => {
    carol = await createTestUser(ready(), 2, 'carol');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Carol's sign-in with some fields replaced; a code or captcha not given is made fresh. */
  const signIn = async (
    fields: Partial<Record<'nickname' | 'password' | 'otpToken' | 'altchaPayload', string>>,
    ip?: string,
  ) =>
    call(ready().app, {
      method: 'POST',
      url: '/auth/jwt/sign-in',
      ...(ip ? { ip } : {}),
      body: {
        nickname: carol.nickname,
        password: carol.password,
        ...fields,
        otpToken: fields.otpToken ?? (await freshCode(ready(), carol.otpSecret)),
        altchaPayload: fields.altchaPayload ?? (await solvedCaptcha(ready().app)),
      },
    });

  it('answers every sign-in failure with one message after one argon2 verify', async () => {
    const verify = vi.spyOn(Passwords.prototype, 'verify');
    const uncreated = await ready().services.accounts.createUser({ nickname: 'nopassword', authority: 1 });
    const { otpSecret: noPasswordSecret } = await ready().services.accounts.otpHandover(uncreated.id);
    const wrongCaptcha = Buffer.from('{"algorithm":"SHA-256"}').toString('base64');
    const failures = [
      await signIn({ nickname: 'nobody' }),
      await signIn({
        nickname: 'nopassword',
        password: 'Any-pa55word!',
        otpToken: await freshCode(ready(), noPasswordSecret),
      }),
      await signIn({ password: 'Wrong-pa55word!' }),
      await signIn({
        otpToken: '000000' === (await codeAt(carol.otpSecret, ready().clock.now())) ? '111111' : '000000',
      }),
      await signIn({ altchaPayload: wrongCaptcha }),
    ];
    const errors = new Set(failures.map((failure) => failure.error));
    expect(errors).toEqual(new Set(['The nickname, password, one-time code or captcha is wrong{(4005)}']));
    expect(failures.every((failure) => failure.refreshCookie === undefined)).toBe(true);
    // One verify per attempt, whether the user exists or not: 5 attempts, 5 verifies.
    expect(verify).toHaveBeenCalledTimes(5);
    expect((await signIn({})).success).toBe(true);
  });

  it('refuses a one-time code used before, on sign-in and in the otp-token header', async () => {
    const code = await freshCode(ready(), carol.otpSecret);
    const first = await signIn({ otpToken: code });
    expect(first.success).toBe(true);
    expect((await signIn({ otpToken: code })).code).toBe(4005);
    // An earlier step than the last accepted one is refused too, though still within ±1 step.
    const earlier = await codeAt(carol.otpSecret, ready().clock.now() - 30_000);
    expect((await signIn({ otpToken: earlier })).code).toBe(4005);

    const root = await signedInRoot(ready());
    const headerCode = await freshCode(ready(), root.otpSecret);
    const create = (nickname: string) =>
      call(ready().app, {
        method: 'POST',
        url: '/auth/user',
        token: root.token,
        otp: headerCode,
        body: { nickname, authority: 1 },
      });
    expect((await create('dave')).success).toBe(true);
    expect((await create('erin')).code).toBe(4004);
    expect((await ready().services.accounts.listUsers()).map((user) => user.nickname)).not.toContain('erin');
  });

  it('lets only one of two simultaneous requests spend the same code', async () => {
    const root = await signedInRoot(ready());
    const code = await freshCode(ready(), root.otpSecret);
    const answers = await Promise.all(
      ['frank', 'grace'].map((nickname) =>
        call(ready().app, {
          method: 'POST',
          url: '/auth/user',
          token: root.token,
          otp: code,
          body: { nickname, authority: 1 },
        }),
      ),
    );
    expect(answers.map((answer) => answer.success).sort()).toEqual([false, true]);
    expect(answers.find((answer) => !answer.success)?.code).toBe(4004);
  });

  it('accepts a captcha payload once, and not after its challenge expired', async () => {
    const payload = await solvedCaptcha(ready().app);
    expect((await signIn({ altchaPayload: payload })).success).toBe(true);
    expect((await signIn({ altchaPayload: payload })).code).toBe(4005);
    const update = await call(ready().app, {
      method: 'PATCH',
      url: '/auth/user/password',
      body: {
        nickname: carol.nickname,
        newPassword: carol.password,
        otpToken: await freshCode(ready(), carol.otpSecret),
        altchaPayload: payload,
      },
    });
    expect(update.code).toBe(4006);

    const late = await solvedCaptcha(ready().app);
    ready().clock.advance(5 * 60_000); // the challenge's 5 minutes are over
    expect((await signIn({ altchaPayload: late })).code).toBe(4005);
  });

  it('stops brute force: the strict tier answers 429 after 10 attempts from one IP', async () => {
    const ip = nextIp();
    // A nickname each, so that the guessing throttles (guessing.db.test.ts) stay out of the way.
    for (let attempt = 1; attempt <= 10; attempt++) {
      const answer = await signIn({ nickname: `guess${attempt}`, password: `Guess-${attempt}-pa55!` }, ip);
      expect(answer).toMatchObject({ status: 200, code: 4005 });
    }
    const blocked = await signIn({}, ip); // even the right password
    expect(blocked).toMatchObject({ status: 429, code: 6003 });
    expect((await signIn({}, nextIp())).success).toBe(true); // another IP is not affected
  });

  it('records one history row per password update and signs the user out everywhere', async () => {
    const user = await createTestUser(ready(), 1, 'heidi');
    const session = await signInUser(ready(), user);
    const passwords = ['Second-pa55!', 'Third-pa55!x'];
    for (const newPassword of passwords) {
      const answer = await call(ready().app, {
        method: 'PATCH',
        url: '/auth/user/password',
        body: {
          nickname: 'HEIDI',
          newPassword,
          otpToken: await freshCode(ready(), user.otpSecret),
          altchaPayload: await solvedCaptcha(ready().app),
        },
      });
      expect(answer.success).toBe(true);
    }
    const refreshed = await call(ready().app, {
      method: 'GET',
      url: '/auth/jwt/refresh-jwt',
      refreshCookie: session.cookie,
    });
    expect(refreshed.code).toBe(4750);
    expect((await signIn({ nickname: 'heidi', password: user.password })).code).toBe(4005);
    const now = await signInUser(ready(), { ...user, password: 'Third-pa55!x' });
    expect(now.token).toBeTruthy();

    const root = await signedInRoot(ready());
    const page = (query: string) =>
      call(ready().app, {
        method: 'GET',
        url: `/auth/user/${user.id}/password-updates?${query}`,
        token: root.token,
      });
    // createTestUser set the first password: 1 + 2 updates = 3 rows, newest first.
    const all = (await page('limit=30')).data as Array<{ id: string; event_time: number }>;
    expect(all).toHaveLength(3);
    const times = all.map((row) => row.event_time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const first = (await page('limit=2')).data as typeof all;
    expect(first).toEqual(all.slice(0, 2));
    const rest = (await page(`limit=2&startAtEventTime=${first[1]?.event_time}`)).data;
    expect(rest).toEqual(all.slice(2));
  });

  it('gives unknown nicknames, wrong codes and bad captchas one password-update error', async () => {
    const update = async (fields: Record<string, string>) =>
      call(ready().app, {
        method: 'PATCH',
        url: '/auth/user/password',
        body: {
          nickname: carol.nickname,
          newPassword: 'Never-used-1!',
          ...fields,
          otpToken: fields.otpToken ?? (await freshCode(ready(), carol.otpSecret)),
          altchaPayload: fields.altchaPayload ?? (await solvedCaptcha(ready().app)),
        },
      });
    const answers = [
      await update({ nickname: 'nobody' }),
      await update({
        otpToken: '123456' === (await codeAt(carol.otpSecret, ready().clock.now())) ? '654321' : '123456',
      }),
      await update({ altchaPayload: 'AAAA' }),
    ];
    expect(new Set(answers.map((answer) => answer.error))).toEqual(
      new Set(['The nickname, one-time code or captcha is wrong{(4006)}']),
    );
    expect((await signIn({})).success).toBe(true); // carol's password is unchanged
  });
});
