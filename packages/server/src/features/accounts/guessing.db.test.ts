import { beforeAll, expect, it } from 'vitest';
import { describeEachReadyApp } from '../../testing/ready-app.js';
import { guessesPerDay } from './guessing-policy.js';
import { call, codeAt, nextIp, solvedCaptcha } from './test-support.js';
import { createTestUser, freshCode, signedInRoot, signInUser, type TestUser } from './test-users.js';

// The per-account limit on guessing passwords and one-time codes (guessing-policy.ts): it holds
// whatever address the guesses come from, treats unknown nicknames like real ones, counts
// parallel guesses one by one, tells root, shows on the Users screen and can be lifted.

const LOCKED = 'Too many failed attempts for this account: it is locked for a while';

describeEachReadyApp('the per-account guessing limit', (ready) => {
  let root: TestUser & { token: string };
  beforeAll(async () => {
    root = await signedInRoot(ready());
  });

  /** A sign-in from a new address each time, as an attacker with many addresses would make it. */
  async function signIn(nickname: string, password: string, otpToken = '000000') {
    return call(ready().app, {
      method: 'POST',
      url: '/auth/jwt/sign-in',
      ip: nextIp(),
      body: { nickname, password, otpToken, altchaPayload: await solvedCaptcha(ready().app) },
    });
  }

  /** A code that is not the user's current one. */
  async function wrongCode(user: TestUser): Promise<string> {
    const right = Number(await codeAt(user.otpSecret, ready().clock.now()));
    return String((right + 500_000) % 1_000_000).padStart(6, '0');
  }

  it('locks an account after five failures from five addresses, then lets its owner in once the lock ends', async () => {
    const hana = await createTestUser(ready(), 2, 'hana');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await signIn('hana', `Guess-${attempt}-pa55!`)).code).toBe(4005);
    }
    const right = await signIn('hana', hana.password, await freshCode(ready(), hana.otpSecret));
    expect(right.error).toBe(`${LOCKED}: try again in 1 minute{(4008)}`);
    ready().clock.advance(60_000);
    const after = await signIn('hana', hana.password, await freshCode(ready(), hana.otpSecret));
    expect(after.success).toBe(true);
    // The success forgot the count: five more failures are needed to lock again.
    expect((await signIn('hana', 'Wrong-pa55word!')).code).toBe(4005);
  });

  it('answers an unknown nickname exactly as a real one, failure by failure', async () => {
    const ivan = await createTestUser(ready(), 1, 'ivan');
    const real: (string | null)[] = [];
    const unknown: (string | null)[] = [];
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      real.push((await signIn(ivan.nickname, 'Wrong-pa55word!')).error);
      unknown.push((await signIn('nobody-here', 'Wrong-pa55word!')).error);
    }
    expect(unknown).toEqual(real);
    expect(real.slice(5)).toEqual([
      `${LOCKED}: try again in 1 minute{(4008)}`,
      `${LOCKED}: try again in 1 minute{(4008)}`,
    ]);
  });

  it('counts password updates and the one-time codes of guarded routes against the same limit', async () => {
    const jill = await createTestUser(ready(), 3, 'jill');
    const session = await signInUser(ready(), jill);
    const update = async () =>
      call(ready().app, {
        method: 'PATCH',
        url: '/auth/user/password',
        ip: nextIp(),
        body: {
          nickname: 'jill',
          newPassword: 'Never-used-1!',
          otpToken: await wrongCode(jill),
          altchaPayload: await solvedCaptcha(ready().app),
        },
      });
    for (let attempt = 1; attempt <= 2; attempt += 1) expect((await update()).code).toBe(4006);
    const guarded = async (otp: string) =>
      call(ready().app, {
        method: 'POST',
        url: '/ip-blacklist',
        token: session.token,
        otp,
        ip: nextIp(),
        body: { ip: '192.0.2.201' },
      });
    for (let attempt = 3; attempt <= 5; attempt += 1)
      expect((await guarded(await wrongCode(jill))).code).toBe(4004);
    // Five failures in all: even the right code is refused now.
    expect((await guarded(await freshCode(ready(), jill.otpSecret))).code).toBe(4008);
  });

  it('lets no more than five of twenty parallel guesses through', async () => {
    await createTestUser(ready(), 1, 'kate');
    const payloads = await Promise.all(Array.from({ length: 20 }, () => solvedCaptcha(ready().app)));
    const answers = await Promise.all(
      payloads.map((altchaPayload, index) =>
        call(ready().app, {
          method: 'POST',
          url: '/auth/jwt/sign-in',
          ip: nextIp(),
          body: { nickname: 'kate', password: `Guess-${index}-pa55!`, otpToken: '000000', altchaPayload },
        }),
      ),
    );
    const checked = answers.filter((answer) => answer.code === 4005).length;
    expect(checked).toBe(5);
    expect(answers.filter((answer) => answer.code === 4008)).toHaveLength(15);
  });

  it("tells root once, shows the lock on the Users screen and lifts it with root's code", async () => {
    const lena = await createTestUser(ready(), 1, 'lena');
    const before = await ready()
      .db.selectFrom('notification')
      .select('id')
      .where('sender', '=', 'accounts')
      .execute();
    for (let attempt = 1; attempt <= 6; attempt += 1) await signIn('lena', 'Wrong-pa55word!');
    ready().clock.advance(60_000);
    await signIn('lena', 'Wrong-pa55word!');
    const notices = await ready()
      .db.selectFrom('notification')
      .select(['title', 'description'])
      .where('sender', '=', 'accounts')
      .execute();
    // One notice for the lock (attempt 5), none for the refused 6th or the 7th that doubled it.
    expect(notices.length - before.length).toBe(1);
    expect(notices.at(-1)?.title).toBe('Account lena locked after 5 failed attempts');
    expect(notices.at(-1)?.description).toContain('npm run cli -- unlock lena');

    const users = await call(ready().app, { method: 'GET', url: '/auth/user', token: root.token });
    const shown = (users.data as { nickname: string; guard: unknown }[]).find(
      (user) => user.nickname === 'lena',
    );
    // 6 attempts counted (the refused one is not); locked 2 min from the 6th.
    expect(shown?.guard).toEqual({ failedAttempts: 6, lockedUntil: ready().clock.now() + 120_000 });

    const unlock = await call(ready().app, {
      method: 'PATCH',
      url: `/auth/user/${lena.id}/unlock`,
      token: root.token,
      otp: await freshCode(ready(), root.otpSecret),
    });
    expect(unlock.data).toEqual({ unlocked: true });
    const signedIn = await signIn('lena', lena.password, await freshCode(ready(), lena.otpSecret));
    expect(signedIn.success).toBe(true);
  });

  it('gives an attacker with unlimited addresses at most 33 guesses a day on one account', async () => {
    await createTestUser(ready(), 1, 'mike');
    const start = ready().clock.now();
    let guesses = 0;
    while (ready().clock.now() - start < 24 * 60 * 60_000) {
      const answer = await signIn('mike', `Guess-${guesses}-pa55!`);
      if (answer.code === 4005) {
        guesses += 1;
        continue;
      }
      expect(answer.code).toBe(4008);
      // Come back when the lock ends, as told (whole minutes, so at most a minute late).
      const minutes = Number(/try again in (\d+) minute/.exec(answer.error ?? '')?.[1]);
      ready().clock.advance(minutes * 60_000);
    }
    expect(guesses).toBe(guessesPerDay());
    expect(guesses).toBeLessThanOrEqual(100);
    console.info(`guessing limit [${ready().kind}]: ${guesses} guesses in 24 h on one account`);
  }, 120_000);
});
