import type { ReadyApp } from '../../testing/ready-app.js';
import { OTP_STEP_SECONDS } from '../accounts/otp.js';
import { type CallOptions, type CallResult, call, codeAt } from '../accounts/test-support.js';
import { createTestUser, freshCode, signInUser, type TestUser } from '../accounts/test-users.js';

// Helpers for the engine route tests: real users, real sessions, real one-time codes.

/** A signed-in user who sends requests with their own access token. */
export interface Operator extends TestUser {
  token: string;
  cookie: string;
  /** A request with this user's token (and a fresh one-time code when `otp`). */
  send(options: Omit<CallOptions, 'token' | 'otp'>, otp?: boolean): Promise<CallResult>;
  /** The data of a successful request; fails the test with the coded message otherwise. */
  read<T = Record<string, unknown>>(url: string): Promise<T>;
  /** A one-time code that none of the accepted steps (now, one before, one after) gives. */
  wrongCode(): Promise<string>;
}

/** A user of `authority` (1–4) created by the accounts service and signed in through the API. */
export async function signedInOperator(ready: ReadyApp, authority: 1 | 2 | 3 | 4): Promise<Operator> {
  const user = await createTestUser(ready, authority);
  const session = await signInUser(ready, user);
  const send = async (options: Omit<CallOptions, 'token' | 'otp'>, otp = false) =>
    call(ready.app, {
      ...options,
      token: session.token,
      ...(otp ? { otp: await freshCode(ready, user.otpSecret) } : {}),
    });
  return {
    ...user,
    ...session,
    send,
    read: async <T>(url: string) => {
      const answer = await send({ method: 'GET', url });
      if (!answer.success) throw new Error(`GET ${url} failed: ${answer.error}`);
      return answer.data as T;
    },
    wrongCode: async () => {
      const step = OTP_STEP_SECONDS * 1000;
      const now = ready.clock.now();
      const accepted = new Set(
        await Promise.all([-step, 0, step].map((offset) => codeAt(user.otpSecret, now + offset))),
      );
      return ['000000', '111111', '222222', '333333'].find((code) => !accepted.has(code)) ?? '444444';
    },
  };
}

/** How many transactions the database holds (a refused request must not add one). */
export async function transactionCount(ready: ReadyApp): Promise<number> {
  const row = await ready.db
    .selectFrom('transaction')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
