import { expect, it } from 'vitest';
import { busDelivered, describeEachCluster } from '../../testing/ready-cluster.js';
import { call, codeAt, solvedCaptcha } from './test-support.js';
import { createTestUser, freshCode, signInUser } from './test-users.js';

// Two instances on one database (docs/shared-state.md): what one accepts once, the other refuses.
describeEachCluster('accounts on two instances', (cluster) => {
  const signIn = (app: 'a' | 'b', body: Record<string, string>) =>
    call(cluster()[app].app, { method: 'POST', url: '/auth/jwt/sign-in', body });

  it('refuses on B a one-time code used on A, and lets only one of two racing uses through', async () => {
    const { a, b } = cluster();
    const user = await createTestUser(a, 2);
    const sessionUser = { id: user.id, nickname: user.nickname, authority: 2 };
    const code = await freshCode(a, user.otpSecret);
    await a.services.accounts.verifyOtp(sessionUser, code);
    await expect(b.services.accounts.verifyOtp(sessionUser, code)).rejects.toMatchObject({
      errorName: 'OTP_INVALID',
    });

    const next = await freshCode(a, user.otpSecret);
    const raced = await Promise.allSettled([
      a.services.accounts.verifyOtp(sessionUser, next),
      b.services.accounts.verifyOtp(sessionUser, next),
    ]);
    expect(raced.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('refuses on B a captcha solution redeemed on A', async () => {
    const { a } = cluster();
    const user = await createTestUser(a, 1);
    const altchaPayload = await solvedCaptcha(a.app);
    const credentials = { nickname: user.nickname, password: user.password };
    const first = await signIn('a', {
      ...credentials,
      altchaPayload,
      otpToken: await freshCode(a, user.otpSecret),
    });
    expect(first.success).toBe(true);
    const again = await signIn('b', {
      ...credentials,
      altchaPayload,
      otpToken: await freshCode(a, user.otpSecret),
    });
    expect(again.code).toBe(4005);
    // The same sign-in with a new solution works on B: only the spent payload was refused.
    const fresh = await signIn('b', {
      ...credentials,
      altchaPayload: await solvedCaptcha(a.app),
      otpToken: await codeAt(user.otpSecret, a.clock.advance(30_000)),
    });
    expect(fresh.success).toBe(true);
  });

  it('stops accepting on B, at once, a token whose session ended on A', async () => {
    const { a, b } = cluster();
    const user = await createTestUser(a, 1);
    const { token, cookie } = await signInUser(a, user);
    const mine = () => call(b.app, { method: 'GET', url: '/auth/jwt/me', token });
    // B has checked the session and keeps it for 2 s (auth-user-cache.ts); its clock stands still.
    expect((await mine()).success).toBe(true);
    expect(
      (
        await call(a.app, {
          method: 'POST',
          url: '/auth/jwt/sign-out',
          token,
          refreshCookie: cookie,
          body: { allDevices: false },
        })
      ).success,
    ).toBe(true);
    await busDelivered();
    expect((await mine()).code).toBe(4252);
  });

  it('drops on B, at once, what it cached about a user whose authority changed on A', async () => {
    const { a, b } = cluster();
    const user = await createTestUser(a, 2);
    const { token } = await signInUser(a, user);
    const mine = () => call(b.app, { method: 'GET', url: '/auth/jwt/me', token });
    expect((await mine()).success).toBe(true);
    await a.services.accounts.renameUser(user.id, `${user.nickname}x`);
    await busDelivered();
    const renamed = await b.services.accounts.authenticate(token);
    expect(renamed.nickname).toBe(`${user.nickname}x`);
  });
});
