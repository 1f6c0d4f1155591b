import { beforeAll, expect, it } from 'vitest';
import { describeEachReadyApp } from '../../testing/ready-app.js';
import { REFRESH_COOKIE } from './refresh-cookie.js';
import { REFRESH_GRACE_MS } from './sessions-repository.js';
import { call } from './test-support.js';
import { createTestUser, freshCode, signedInRoot, signInUser, type TestUser } from './test-users.js';

// Refresh-token rotation (with its grace window), reuse detection, sign-out, and what the guards read from the database.

describeEachReadyApp('sessions', (ready) => {
  let alice: TestUser;
  beforeAll(async () => {
    alice = await createTestUser(ready(), 3, 'alice');
  });

  const refresh = (cookie: string | undefined, method: 'GET' | 'POST' = 'GET') =>
    call(ready().app, {
      method,
      url: '/auth/jwt/refresh-jwt',
      ...(cookie === undefined ? {} : { refreshCookie: cookie }),
    });

  it('rotates the refresh token on every refresh, by GET and by POST', async () => {
    const { cookie } = await signInUser(ready(), alice);
    const first = await refresh(cookie, 'GET');
    expect(first.success).toBe(true);
    const second = await refresh(first.refreshCookie, 'POST');
    expect(second.success).toBe(true);
    expect(new Set([cookie, first.refreshCookie, second.refreshCookie]).size).toBe(3);
    expect(await ready().services.accounts.authenticate(second.data as string)).toEqual({
      id: alice.id,
      nickname: 'alice',
      authority: 3,
    });
  });

  it('ends the session when a rotated token is presented again after the grace window (4750), even for the newest token', async () => {
    const { cookie } = await signInUser(ready(), alice);
    const rotated = await refresh(cookie);
    expect(rotated.success).toBe(true);
    ready().clock.advance(REFRESH_GRACE_MS);
    const reuse = await refresh(cookie);
    expect(reuse.code).toBe(4750);
    expect(reuse.refreshCookie).toBe(''); // the answer clears the cookie
    // The thief or the owner replayed: the device's session is gone for both.
    expect((await refresh(rotated.refreshCookie)).code).toBe(4750);
    await expect(ready().services.accounts.authenticate(rotated.data as string)).rejects.toMatchObject({
      code: 4252,
    });
  });

  it('keeps the session through 20 double refreshes (two tabs at once): both get the same successor', async () => {
    let { cookie } = await signInUser(ready(), alice);
    let kept = 0;
    for (let round = 0; round < 20; round++) {
      const [first, second] = await Promise.all([refresh(cookie), refresh(cookie, 'POST')]);
      if (!first?.success || !second?.success || first.refreshCookie !== second.refreshCookie) break;
      await ready().services.accounts.authenticate(second.data as string);
      cookie = first.refreshCookie as string;
      kept++;
    }
    expect(kept).toBe(20);
    expect((await refresh(cookie)).success).toBe(true);
  });

  it('answers a refresh retried after its answer was lost with the same successor, within the window', async () => {
    const { cookie } = await signInUser(ready(), alice);
    const lost = await refresh(cookie); // the browser never saw this answer: it still holds `cookie`
    ready().clock.advance(REFRESH_GRACE_MS - 1_000);
    const retried = await refresh(cookie);
    expect(retried.success).toBe(true);
    expect(retried.refreshCookie).toBe(lost.refreshCookie);
    // The successor is still the session's one token: it rotates, and the session lives on.
    const next = await refresh(retried.refreshCookie);
    expect(next.success).toBe(true);
    expect(await ready().services.accounts.authenticate(next.data as string)).toMatchObject({ id: alice.id });
  });

  it('ends the session when a token two rotations old comes back, even within the window', async () => {
    const { cookie } = await signInUser(ready(), alice);
    const second = await refresh(cookie);
    const third = await refresh(second.refreshCookie);
    expect(third.success).toBe(true);
    expect((await refresh(cookie)).code).toBe(4750);
    expect((await refresh(third.refreshCookie)).code).toBe(4750);
  });

  it('answers 4750 without a cookie, with a forged signature or an unknown token', async () => {
    const { cookie } = await signInUser(ready(), alice);
    expect((await refresh(undefined)).code).toBe(4750);
    const [token] = cookie.split('.');
    expect((await refresh(`${token}.forgedsignature`)).code).toBe(4750);
    expect((await refresh('not-a-token')).code).toBe(4750);
    // A forged cookie is ignored, not counted as reuse: the real one still works.
    expect((await refresh(cookie)).success).toBe(true);
  });

  it('signs out this device only, or every device', async () => {
    const phone = await signInUser(ready(), alice);
    const laptop = await signInUser(ready(), alice);
    const out = await call(ready().app, {
      method: 'POST',
      url: '/auth/jwt/sign-out',
      token: phone.token,
      refreshCookie: phone.cookie,
      body: { allDevices: false },
    });
    expect(out.success).toBe(true);
    expect((await refresh(phone.cookie)).code).toBe(4750);
    const laptopNext = await refresh(laptop.cookie);
    expect(laptopNext.success).toBe(true);

    const tablet = await signInUser(ready(), alice);
    await call(ready().app, {
      method: 'POST',
      url: '/auth/jwt/sign-out',
      token: tablet.token,
      body: { allDevices: true },
    });
    expect((await refresh(laptopNext.refreshCookie)).code).toBe(4750);
    expect((await refresh(tablet.cookie)).code).toBe(4750);
  });

  it('names the user of a live refresh cookie for the socket handshake, without rotating it', async () => {
    const { accounts } = ready().services;
    const { cookie } = await signInUser(ready(), alice);
    const header = `other=1; ${REFRESH_COOKIE}=${encodeURIComponent(cookie)}`;
    expect(await accounts.sessionFromRefreshCookie(header)).toEqual({
      user: { id: alice.id, nickname: 'alice', authority: 3 },
      sessionId: expect.any(String),
    });
    expect(await accounts.sessionFromRefreshCookie(header)).not.toBeNull();
    expect((await refresh(cookie)).success).toBe(true); // still the current token
    // Rotated away: a handshake that raced the refresh still opens within the grace window.
    expect(await accounts.sessionFromRefreshCookie(header)).not.toBeNull();
    ready().clock.advance(REFRESH_GRACE_MS);
    expect(await accounts.sessionFromRefreshCookie(header)).toBeNull();
    expect(await accounts.sessionFromRefreshCookie(undefined)).toBeNull();
    expect(await accounts.sessionFromRefreshCookie(`${REFRESH_COOKIE}=garbage`)).toBeNull();
  });

  it("ends a user's sessions when root changes its authority or deletes it: tokens refused (4252)", async () => {
    const root = await signedInRoot(ready());
    const bob = await createTestUser(ready(), 4, 'bob');
    const first = await signInUser(ready(), bob);
    expect((await ready().services.accounts.authenticate(first.token)).authority).toBe(4);
    const demote = await call(ready().app, {
      method: 'PATCH',
      url: `/auth/user/${bob.id}/authority`,
      token: root.token,
      otp: await freshCode(ready(), root.otpSecret),
      body: { newAuthority: 1 },
    });
    expect(demote.success).toBe(true);
    // The demoted user signs in again and only then acts with the new authority.
    await expect(ready().services.accounts.authenticate(first.token)).rejects.toMatchObject({ code: 4252 });
    expect((await refresh(first.cookie)).code).toBe(4750);
    const { token, cookie } = await signInUser(ready(), bob);
    expect((await ready().services.accounts.authenticate(token)).authority).toBe(1);

    const removed = await call(ready().app, {
      method: 'DELETE',
      url: `/auth/user/${bob.id}`,
      token: root.token,
      otp: await freshCode(ready(), root.otpSecret),
    });
    expect(removed.success).toBe(true);
    const signOut = await call(ready().app, {
      method: 'POST',
      url: '/auth/jwt/sign-out',
      token,
      body: { allDevices: true },
    });
    expect(signOut.code).toBe(4252);
    expect((await refresh(cookie)).code).toBe(4750);
  });

  it("refuses every access token of a user at once after 'sign out of all devices'", async () => {
    const phone = await signInUser(ready(), alice);
    const laptop = await signInUser(ready(), alice);
    expect((await ready().services.accounts.authenticate(phone.token)).id).toBe(alice.id);
    const out = await call(ready().app, {
      method: 'POST',
      url: '/auth/jwt/sign-out',
      token: laptop.token,
      refreshCookie: laptop.cookie,
      body: { allDevices: true },
    });
    expect(out.success).toBe(true);
    for (const device of [phone, laptop]) {
      await expect(ready().services.accounts.authenticate(device.token)).rejects.toMatchObject({
        code: 4252,
      });
    }
  });

  it("refuses this device's access token after signing out here, and keeps the other device's", async () => {
    const phone = await signInUser(ready(), alice);
    const laptop = await signInUser(ready(), alice);
    const out = await call(ready().app, {
      method: 'POST',
      url: '/auth/jwt/sign-out',
      token: laptop.token,
      refreshCookie: laptop.cookie,
      body: { allDevices: false },
    });
    expect(out.success).toBe(true);
    await expect(ready().services.accounts.authenticate(laptop.token)).rejects.toMatchObject({ code: 4252 });
    expect((await ready().services.accounts.authenticate(phone.token)).id).toBe(alice.id);
  });

  it('refuses an access token once 15 minutes have passed (4252), and refresh still works', async () => {
    const { token, cookie } = await signInUser(ready(), alice);
    ready().clock.advance(15 * 60_000);
    const late = await call(ready().app, {
      method: 'POST',
      url: '/auth/jwt/sign-out',
      token,
      body: { allDevices: false },
    });
    expect(late.code).toBe(4252);
    const renewed = await refresh(cookie);
    expect(renewed.success).toBe(true);
    expect((await ready().services.accounts.authenticate(renewed.data as string)).id).toBe(alice.id);
  });

  it('lets a refresh token lapse 30 days after its last use', async () => {
    const { cookie } = await signInUser(ready(), alice);
    ready().clock.advance(30 * 24 * 60 * 60_000);
    expect((await refresh(cookie)).code).toBe(4750);
  });
});
