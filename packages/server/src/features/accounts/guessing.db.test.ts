import type { UserRecord } from '@balancer/core';
import { beforeAll, expect, it } from 'vitest';
import { describeEachReadyApp } from '../../testing/ready-app.js';
import { type CallOptions, call, cheapCaptcha, codeAt } from './test-support.js';
import { createTestUser, freshCode, signedInRoot, signInUser, type TestUser } from './test-users.js';

// The guessing throttles through the API (the policy itself: guessing-policy.test.ts). Behind a
// trusted proxy (TRUST_PROXY=1) as an attacker with many addresses would meet them: nobody is
// locked out. A device that signed in before and an open session always get in; root is told.
// Captchas are real ones of the app's key, with a small secret number (cheapCaptcha).

const PROXY = '127.0.0.1';
const NEW_DEVICES =
  /^Too many failed attempts: refused for a while: too many failed attempts on this account from new devices; try again in \d+ minutes?, or sign in from a device you signed in from before\{\(4008\)\}$/;

describeEachReadyApp(
  'guessing throttles',
  (ready) => {
    let root: TestUser & { token: string; device: string };
    beforeAll(async () => {
      root = await signedInRoot(ready());
      await ready().tick();
    });

    const captcha = () => cheapCaptcha(ready().config.ALTCHA_HMAC_KEY, ready().clock.now());

    /** A request through the proxy from `address`, with the device cookie when given. */
    const via = (address: string, options: CallOptions, device?: string) =>
      call(ready().app, {
        ...options,
        ip: PROXY,
        headers: { 'x-forwarded-for': address, ...(device ? { cookie: device } : {}) },
      });

    const signIn = async (
      address: string,
      nickname: string,
      password: string,
      otpToken: string,
      device?: string,
    ) =>
      via(
        address,
        {
          method: 'POST',
          url: '/auth/jwt/sign-in',
          body: { nickname, password, otpToken, altchaPayload: await captcha() },
        },
        device,
      );

    /** A code that is not the user's current one. */
    const wrongCode = async (user: TestUser) => {
      const right = Number(await codeAt(user.otpSecret, ready().clock.now()));
      return String((right + 500_000) % 1_000_000).padStart(6, '0');
    };

    it('locks nobody out: after 50 failed sign-ins for root from 10 addresses, root signs in from a known device and its open session unlocks and trades', async () => {
      const answers: (number | undefined)[] = [];
      for (let round = 0; round < 5; round += 1) {
        for (let host = 1; host <= 10; host += 1) {
          const answer = await signIn(
            `198.51.100.${host}`,
            root.nickname,
            `Guess-${round}-${host}!`,
            '000000',
          );
          answers.push(answer.code);
        }
      }
      // The first 10 are checked (the 10th throttles new devices for a minute), the other 40 refused.
      expect(answers.filter((code) => code === 4005)).toHaveLength(10);
      expect(answers.filter((code) => code === 4008)).toHaveLength(40);
      // A new device is throttled even with the right password and code, and told what still works.
      const fresh = await signIn(
        '192.0.2.50',
        root.nickname,
        root.password,
        await freshCode(ready(), root.otpSecret),
      );
      expect(fresh.error).toMatch(NEW_DEVICES);

      // Root's known device gets in, from any address, and gets a new device cookie.
      const known = await signIn(
        '192.0.2.51',
        root.nickname,
        root.password,
        await freshCode(ready(), root.otpSecret),
        root.device,
      );
      expect(known.error).toBeNull();
      expect(known.deviceCookie).toMatch(new RegExp(`^balancer_device_${root.id}=`));
      // Signed, HttpOnly, SameSite=Strict, 180 days (180 × 86,400 s = 15,552,000 s); Secure only over HTTPS.
      const line = known.setCookie.find((cookie) => cookie.startsWith(`balancer_device_${root.id}=`));
      expect(line).toMatch(/; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Strict$/);

      // Its open session (signed in before the attack) lifts the throttles and places an order.
      const session = (options: CallOptions) => via('192.0.2.52', { ...options, token: root.token });
      const unlock = await session({
        method: 'PATCH',
        url: `/auth/user/${root.id}/unlock`,
        otp: await freshCode(ready(), root.otpSecret),
      });
      expect(unlock.data).toEqual({ unlocked: true });
      const order = await session({
        method: 'POST',
        url: '/position/increase',
        otp: await freshCode(ready(), root.otpSecret),
      });
      expect(order.error).toBeNull();
      expect(order.data).toMatchObject({ side: 'BUY', status: 'SUCCEEDED' });
      // Lifted: new devices get in again.
      const after = await signIn(
        '192.0.2.53',
        root.nickname,
        root.password,
        await freshCode(ready(), root.otpSecret),
      );
      expect(after.error).toBeNull();
    });

    it("counts an open session's wrong codes for that session alone: its other sessions and sign-in go on", async () => {
      const jill = await createTestUser(ready(), 3, 'jill');
      const first = await signInUser(ready(), jill);
      const second = await signInUser(ready(), jill);
      const blacklist = async (token: string, otp: string) =>
        via('192.0.2.60', { method: 'POST', url: '/ip-blacklist', token, otp, body: { ip: '192.0.2.201' } });
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await blacklist(first.token, await wrongCode(jill))).code).toBe(4004);
      }
      // The first session is throttled for a minute, even with the right code …
      const right = await freshCode(ready(), jill.otpSecret);
      const refused = await blacklist(first.token, right);
      expect(refused.error).toMatch(
        /too many wrong one-time codes in this session; try again in 1 minute, or sign out and sign in again\{\(4008\)\}$/,
      );
      // … within that minute the second session is not (the refused code was not spent) …
      expect((await blacklist(second.token, right)).error).toBeNull();
      // Root is told which session's codes are being guessed, from where.
      const notice = await ready()
        .db.selectFrom('notification')
        .select(['title', 'description'])
        .where('title', '=', 'Someone is guessing at jill: 5 failed attempts')
        .executeTakeFirst();
      expect(notice?.description).toContain('5 wrong one-time codes in one session, from: 192.0.2.60 (5).');
      expect(notice?.description).toContain("That session's protected actions are refused until");
      // … and neither is sign-in.
      expect(
        (await signIn('192.0.2.61', 'jill', jill.password, await freshCode(ready(), jill.otpSecret))).error,
      ).toBeNull();
    });

    it('counts failed password updates like sign-ins from new devices: the known device still updates the password', async () => {
      const kate = await createTestUser(ready(), 1, 'kate');
      const { device } = await signInUser(ready(), kate);
      const update = async (address: string, otpToken: string, cookie?: string) =>
        via(
          address,
          {
            method: 'PATCH',
            url: '/auth/user/password',
            body: {
              nickname: 'kate',
              newPassword: 'Kate-new-pa55!',
              otpToken,
              altchaPayload: await captcha(),
            },
          },
          cookie,
        );
      const codes: (number | undefined)[] = [];
      for (let host = 1; host <= 12; host += 1)
        codes.push((await update(`203.0.113.${host}`, await wrongCode(kate))).code);
      expect(codes).toEqual([...Array(10).fill(4006), 4008, 4008]);
      const known = await update('203.0.113.99', await freshCode(ready(), kate.otpSecret), device);
      expect(known.error).toBeNull();
      // The new password works from the device cookie the update gave.
      const signedIn = await signIn(
        '203.0.113.99',
        'kate',
        'Kate-new-pa55!',
        await freshCode(ready(), kate.otpSecret),
        known.deviceCookie,
      );
      expect(signedIn.error).toBeNull();
    });

    it('counts parallel guesses one by one and answers an unknown nickname exactly as a real one', async () => {
      await createTestUser(ready(), 1, 'lena');
      const guesses = (nickname: string) =>
        Promise.all(
          Array.from({ length: 14 }, (_, i) =>
            signIn(`198.18.${nickname.length}.${i}`, nickname, `Guess-${i}-pa55!`, '000000'),
          ),
        );
      const [real, unknown] = [await guesses('lena'), await guesses('nobody-here')];
      const tally = (answers: { code: number | undefined }[]) => answers.map((answer) => answer.code).sort();
      // 10 checked, 4 refused, for both.
      expect(tally(real)).toEqual([...Array(10).fill(4005), ...Array(4).fill(4008)]);
      expect(tally(unknown)).toEqual(tally(real));
      expect(new Set(unknown.map((answer) => answer.error))).toEqual(
        new Set(real.map((answer) => answer.error)),
      );
    });

    it('tells root once with the addresses, shows the throttles on the Users screen and lifts them', async () => {
      const mona = await createTestUser(ready(), 2, 'mona');
      const notices = () =>
        ready()
          .db.selectFrom('notification')
          .select(['title', 'description'])
          .where('sender', '=', 'accounts')
          .execute();
      const before = (await notices()).length;
      const addresses = ['198.19.0.1', '198.19.0.2', '198.19.0.3', '198.19.0.4'];
      for (let i = 0; i < 10; i += 1)
        await signIn(addresses[i % 4] as string, 'mona', 'Wrong-pa55word!', '000000');
      // Five more after the throttle ends: each is counted, none is due a notice (next at 34).
      for (let i = 0; i < 5; i += 1) {
        ready().clock.advance(60 * 60_000);
        await signIn(addresses[0] as string, 'mona', 'Wrong-pa55word!', '000000');
      }
      const lastAttemptAt = ready().clock.now();
      const added = (await notices()).slice(before);
      expect(added.map((notice) => notice.title)).toEqual([
        'Someone is guessing at mona: 10 failed attempts',
      ]);
      // 10 attempts over 4 addresses: 3, 3, 2, 2.
      expect(added[0]?.description).toContain(
        'from: 198.19.0.1 (3), 198.19.0.2 (3), 198.19.0.3 (2), 198.19.0.4 (2).',
      );
      expect(added[0]?.description).toContain('npm run cli -- unlock mona');

      // Five hours on, root's access token has expired: root signs in again.
      const { token } = await signInUser(ready(), root);
      const users = await via('192.0.2.70', { method: 'GET', url: '/auth/user', token });
      const shown = (users.data as UserRecord[]).find((user) => user.nickname === 'mona');
      // 15 counted on new devices; the 15th throttles for 2^(15 − 10) = 32 minutes.
      expect(shown?.guard.failedAttempts).toBe(15);
      expect(shown?.guard.newDevicesThrottledUntil).toBe(lastAttemptAt + 32 * 60_000);
      // Then the addresses: 198.19.0.1 failed 8 times, the 8th throttling it 2^(8 − 5) = 8 minutes.
      expect(shown?.guard.throttles.slice(0, 2)).toEqual([
        {
          scope: 'new-devices',
          detail: null,
          failedAttempts: 15,
          throttledUntil: lastAttemptAt + 32 * 60_000,
        },
        {
          scope: 'address',
          detail: '198.19.0.1',
          failedAttempts: 8,
          throttledUntil: lastAttemptAt + 8 * 60_000,
        },
      ]);
      const unlock = await via('192.0.2.70', {
        method: 'PATCH',
        url: `/auth/user/${mona.id}/unlock`,
        token,
        otp: await freshCode(ready(), root.otpSecret),
      });
      expect(unlock.data).toEqual({ unlocked: true });
      expect(
        (await signIn('192.0.2.71', 'mona', mona.password, await freshCode(ready(), mona.otpSecret))).error,
      ).toBeNull();
    });
  },
  { config: { TRUST_PROXY: 1 } },
);
