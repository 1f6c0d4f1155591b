import type { ReadyApp } from '../../testing/ready-app.js';
import { OTP_STEP_SECONDS } from './otp.js';
import { call, cheapCaptcha, codeAt, otpSecretIn } from './test-support.js';

// Users for the accounts tests, made the way the product makes them. Their captchas are real
// ones of the app's key with a small secret number (cheapCaptcha): the server checks them as any
// other, and the tests skip ~0.3 s of proof of work per user; captcha.db.test.ts solves real ones.

/** A solved captcha for `ready`, valid on its accounts clock. */
function captchaFor(ready: ReadyApp): Promise<string> {
  return cheapCaptcha(ready.config.ALTCHA_HMAC_KEY, ready.clock.now());
}

const STEP_MS = OTP_STEP_SECONDS * 1000;

/** Moves the accounts clock one OTP step on and returns the user's code for it: always fresh. */
export async function freshCode(ready: ReadyApp, secret: string): Promise<string> {
  return codeAt(secret, ready.clock.advance(STEP_MS));
}

export interface TestUser {
  id: string;
  nickname: string;
  authority: number;
  otpSecret: string;
  password: string;
}

let userCounter = 0;

/**
 * A user of `authority` (1–4) created by the service, with the password set through the public
 * PATCH /auth/user/password (a solved captcha and a fresh code), ready to sign in.
 */
export async function createTestUser(
  ready: ReadyApp,
  authority: number,
  nickname?: string,
): Promise<TestUser> {
  userCounter += 1;
  const name = nickname ?? `user${userCounter}`;
  const created = await ready.services.accounts.createUser({ nickname: name, authority });
  const { otpSecret } = await ready.services.accounts.otpHandover(created.id);
  const password = `Pw-${userCounter}-secret!A`;
  const answer = await call(ready.app, {
    method: 'PATCH',
    url: '/auth/user/password',
    body: {
      nickname: name,
      newPassword: password,
      otpToken: await freshCode(ready, otpSecret),
      altchaPayload: await captchaFor(ready),
    },
  });
  if (!answer.success) throw new Error(`setting the test user's password failed: ${answer.error}`);
  return { id: created.id, nickname: name, authority, otpSecret, password };
}

/** Signs the user in through the API; returns the access token, the refresh cookie and the device cookie. */
export async function signInUser(
  ready: ReadyApp,
  user: Pick<TestUser, 'nickname' | 'password' | 'otpSecret'>,
  ip?: string,
): Promise<{ token: string; cookie: string; device: string }> {
  const answer = await call(ready.app, {
    method: 'POST',
    url: '/auth/jwt/sign-in',
    ...(ip ? { ip } : {}),
    body: {
      nickname: user.nickname,
      password: user.password,
      otpToken: await freshCode(ready, user.otpSecret),
      altchaPayload: await captchaFor(ready),
    },
  });
  if (!answer.success || typeof answer.data !== 'string' || !answer.refreshCookie || !answer.deviceCookie) {
    throw new Error(`sign-in failed: ${answer.error}`);
  }
  return { token: answer.data, cookie: answer.refreshCookie, device: answer.deviceCookie };
}

/** Root's secret as the first start printed it. */
export function rootSecretOf(ready: ReadyApp): string {
  return otpSecretIn(ready.printed.join(''));
}

/** Root with its password set (once per ready app) and signed in. */
export async function signedInRoot(
  ready: ReadyApp,
): Promise<TestUser & { token: string; cookie: string; device: string }> {
  const otpSecret = rootSecretOf(ready);
  const nickname = ready.config.ROOT_NICKNAME;
  const password = 'Root-pa55word!';
  const root = (await ready.services.accounts.listUsers()).find((user) => user.authority === 5);
  if (!root) throw new Error('no root');
  if (!root.password_set) {
    const answer = await call(ready.app, {
      method: 'PATCH',
      url: '/auth/user/password',
      body: {
        nickname,
        newPassword: password,
        otpToken: await freshCode(ready, otpSecret),
        altchaPayload: await captchaFor(ready),
      },
    });
    if (!answer.success) throw new Error(`setting root's password failed: ${answer.error}`);
  }
  const user = { id: root.id, nickname, authority: 5, otpSecret, password };
  return { ...user, ...(await signInUser(ready, user)) };
}
