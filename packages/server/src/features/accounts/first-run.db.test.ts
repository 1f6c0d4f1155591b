import type { CaptchaChallenge } from '@balancer/core';
import { solveChallenge } from 'altcha-lib/v1';
import { expect, it } from 'vitest';
import { SecretBox } from '../../shared/secret-box.js';
import { describeEachReadyApp } from '../../testing/ready-app.js';
import { call, captchaPayload, otpSecretIn, solvedCaptcha } from './test-support.js';
import { freshCode } from './test-users.js';

// The operator's first run, end to end with real codes and a real captcha: read root's secret
// from the terminal, set the password, sign in, use the API, refresh, sign out everywhere.

describeEachReadyApp('the first run', (ready) => {
  it('prints root once with a QR code and where to set the password', async () => {
    const { printed, db, config } = ready();
    expect(printed).toHaveLength(1);
    const text = printed[0] ?? '';
    expect(text).toContain('otpauth://totp/Balancer:root?secret=');
    expect(text).toMatch(/[▀▄█]{7}/);
    expect(text).toContain('/auth/update-password');
    // The other way an operator with the data folder can read it: the database and ENCRYPTION_KEY.
    const row = await db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ nickname: 'root', authority: 5, password_hash: null });
    expect(new SecretBox(config.ENCRYPTION_KEY).open(row.otp_secret_sealed, `otp:${row.id}`)).toBe(
      otpSecretIn(text),
    );
    // A second start finds root and prints nothing.
    await ready().services.accounts.ensureRoot();
    expect(printed).toHaveLength(1);
  });

  it('sets the password, signs in, calls a protected route, refreshes and signs out on all devices', async () => {
    const { app, printed, db } = ready();
    const secret = otpSecretIn(printed.join(''));

    const challenge = (await call(app, { method: 'GET', url: '/altcha' })).data as CaptchaChallenge;
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 1_000_000 });
    expect(challenge.salt).toMatch(/\?expires=\d+&$/);
    const solved = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber,
    ).promise;
    if (!solved) throw new Error('the real challenge must have a solution');

    const update = await call(app, {
      method: 'PATCH',
      url: '/auth/user/password',
      body: {
        nickname: 'root',
        newPassword: 'First-run-pa55!',
        otpToken: await freshCode(ready(), secret),
        altchaPayload: captchaPayload(challenge, solved.number),
      },
    });
    expect(update).toMatchObject({ success: true, data: null, error: null });
    expect(await db.selectFrom('password_updates').select('user_id').execute()).toHaveLength(1);

    // The library's solver is slow in Node (~20 µs a hash): once is enough, the test solver does the rest.
    const signIn = await call(app, {
      method: 'POST',
      url: '/auth/jwt/sign-in',
      headers: { 'user-agent': 'first-run-test' },
      body: {
        nickname: 'ROOT', // nicknames ignore case
        password: 'First-run-pa55!',
        otpToken: await freshCode(ready(), secret),
        altchaPayload: await solvedCaptcha(app),
      },
    });
    expect(signIn.success).toBe(true);
    const token = signIn.data as string;
    expect(token.split('.')).toHaveLength(3);
    const cookieHeader = signIn.setCookie.join('\n');
    expect(cookieHeader).toMatch(/HttpOnly/);
    expect(cookieHeader).toMatch(/SameSite=Strict/);
    expect(cookieHeader).toMatch(/Path=\//);
    // 30 days = 30 × 86,400 s = 2,592,000 s.
    expect(cookieHeader).toMatch(/Max-Age=2592000/);
    expect(cookieHeader).not.toMatch(/Secure/); // plain HTTP here
    const firstCookie = signIn.refreshCookie as string;

    const users = await call(app, { method: 'GET', url: '/auth/user', token });
    expect(users.success).toBe(true);
    expect(users.data).toEqual([
      expect.objectContaining({ nickname: 'root', authority: 5, password_set: true }),
    ]);
    const sessions = await call(app, {
      method: 'GET',
      url: `/auth/user/${(users.data as Array<{ id: string }>)[0]?.id}/sessions`,
      token,
    });
    expect(sessions.data).toEqual([expect.objectContaining({ user_agent: 'first-run-test' })]);
    expect(sessions.raw).not.toContain(firstCookie.split('.')[0]);

    const refreshed = await call(app, {
      method: 'GET',
      url: '/auth/jwt/refresh-jwt',
      refreshCookie: firstCookie,
    });
    expect(refreshed.success).toBe(true);
    expect(refreshed.refreshCookie).toBeTruthy();
    expect(refreshed.refreshCookie).not.toBe(firstCookie);
    const again = await call(app, { method: 'GET', url: '/auth/user', token: refreshed.data as string });
    expect(again.success).toBe(true);

    const out = await call(app, {
      method: 'POST',
      url: '/auth/jwt/sign-out',
      token: refreshed.data as string,
      body: { allDevices: true },
    });
    expect(out).toMatchObject({ success: true, refreshCookie: '' });
    const after = await call(app, {
      method: 'POST',
      url: '/auth/jwt/refresh-jwt',
      refreshCookie: refreshed.refreshCookie as string,
    });
    expect(after.code).toBe(4750);
    expect(await db.selectFrom('refresh_sessions').selectAll().execute()).toEqual([]);
  }, 120_000);

  it('refuses to start without a root when a user already holds its nickname (4752)', async () => {
    const { db, services, printed } = ready();
    await db.deleteFrom('users').execute();
    await services.accounts.createUser({ nickname: 'Root', authority: 1 });
    await expect(services.accounts.ensureRoot()).rejects.toMatchObject({ code: 4752 });
    expect(printed).toHaveLength(1);
  });
});
