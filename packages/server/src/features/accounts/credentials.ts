import { CodedError, type SignInBody, type UpdatePasswordBody } from '@balancer/core';
import type { AccountGuessed, AccountsContext } from './context.js';
import { credentialKeys, type GuardKey, type GuardSubject } from './guard-keys.js';
import type { Counted } from './guessing-guard.js';
import { noticeDue, RULES } from './guessing-policy.js';
import { claimOtp, matchUserOtp } from './one-time-codes.js';
import { hashRefreshToken, newRefreshToken } from './refresh-cookie.js';
import { createSession, type Device, endSessions } from './sessions-repository.js';
import { findUserByNickname, setPassword, type UserRow } from './users-repository.js';

/** A new session's tokens: the access token for `data`, the refresh token for the cookie. */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
}

/** A sign-in's tokens, and whose session it is (the route gives this browser the account's device cookie). */
export interface SignedIn extends IssuedTokens {
  userId: string;
}

/** The device id of the request's device cookie for this account (device-cookie.ts), or null. */
export type KnownDevice = (userId: string, now: number) => string | null;

/** Whose attempts a credential check counts: the account, or the nickname that matches none. */
function subjectOf(row: UserRow | undefined, nickname: string): GuardSubject {
  return row ? { userId: row.id } : { unknownNickname: nickname };
}

/** The keys a sign-in or password update counts under: the device's own, or new devices' and the address's. */
function keysOf(
  ctx: AccountsContext,
  row: UserRow | undefined,
  nickname: string,
  ip: string | null,
  known: KnownDevice,
): GuardKey[] {
  const deviceId = row ? known(row.id, ctx.now()) : null;
  return credentialKeys(subjectOf(row, nickname), ip, deviceId);
}

/**
 * After a counted failure on a real account: tells root when a throttle has just started, and
 * again every NOTICE_EVERY failures (guessing-policy.ts), with the addresses guessing from.
 */
export async function reportFailure(
  ctx: AccountsContext,
  row: Pick<UserRow, 'id' | 'nickname'> | undefined,
  counted: Counted,
  ip: string | null,
  action: AccountGuessed['action'],
): Promise<void> {
  if (!row) return;
  for (const [scope, state] of counted) {
    if (scope === 'address' || !noticeDue(RULES[scope], state) || state.lockedUntil === null) continue;
    const addresses =
      scope === 'new-devices'
        ? await ctx.guard.addresses(row.id, state.lastAttemptAt)
        : [{ address: ip ?? 'unknown', attempts: state.attempts }];
    ctx.accountGuessed({
      userId: row.id,
      nickname: row.nickname,
      scope,
      attempts: state.attempts,
      throttledUntil: state.lockedUntil,
      at: state.lastAttemptAt,
      ip,
      action,
      addresses,
    });
  }
}

/**
 * Signs a user in. Every failure — unknown nickname, no password yet, wrong password, wrong or
 * replayed code, bad or spent captcha — throws the same SIGN_IN_FAILED after the same work: the
 * captcha is redeemed, one argon2 verify runs (against a dummy hash when there is no stored one)
 * and one code check runs (against a dummy secret for an unknown nickname). The code's time step
 * is spent only when everything else was right. With a solved captcha the attempt is counted
 * (guessing-policy.ts) before anything is checked: from a device that signed in to the account
 * before, for that device alone; from any other, against the account's new-device budget and its
 * address. While one of those is throttled the answer is ATTEMPTS_THROTTLED, for unknown nicknames
 * exactly as for real ones.
 */
export async function signIn(
  ctx: AccountsContext,
  body: SignInBody,
  device: Device,
  known: KnownDevice,
): Promise<SignedIn> {
  const db = ctx.db();
  const captchaOk = await ctx.captcha.redeem(body.altchaPayload, ctx.now());
  const row = await findUserByNickname(db, body.nickname);
  const keys = keysOf(ctx, row, body.nickname, device.ip, known);
  const counted = captchaOk ? await ctx.guard.begin(keys, ctx.now()) : undefined;
  const passwordOk = await ctx.passwords.verify(row?.password_hash ?? null, body.password);
  const step = await matchUserOtp(ctx, row, body.otpToken);
  if (!captchaOk || !row || !passwordOk || step === null || !(await claimOtp(ctx, row.id, step))) {
    if (counted) await reportFailure(ctx, row, counted, device.ip, 'sign-in');
    throw new CodedError('SIGN_IN_FAILED');
  }
  // The new-device count only takes this attempt back (guessing-policy.ts `withdrawAttempt`).
  await ctx.guard.succeeded(keys);
  const refreshToken = newRefreshToken();
  const now = ctx.now();
  const session = await createSession(db, row.id, hashRefreshToken(refreshToken), device, now);
  if (session.ended.length > 0) {
    ctx.sessionsEnded({ userId: row.id, sessionIds: session.ended, reason: 'session-expired' });
  }
  return { accessToken: await ctx.tokens.issue(row.id, session.id, now), refreshToken, userId: row.id };
}

/**
 * The public password update: the OTP code proves the caller holds the user's secret (a new
 * user's only credential). Failures are one PASSWORD_UPDATE_FAILED, as for sign-in, and are
 * counted under the same keys as a sign-in from the same device. A success records one history row and ends the user's
 * sessions on every device (their sockets too), so a password changed after a leak also locks
 * out whoever used the old one.
 */
export async function updatePassword(
  ctx: AccountsContext,
  body: UpdatePasswordBody,
  ip: string,
  known: KnownDevice,
): Promise<string> {
  const db = ctx.db();
  const captchaOk = await ctx.captcha.redeem(body.altchaPayload, ctx.now());
  const row = await findUserByNickname(db, body.nickname);
  const keys = keysOf(ctx, row, body.nickname, ip, known);
  const counted = captchaOk ? await ctx.guard.begin(keys, ctx.now()) : undefined;
  const step = await matchUserOtp(ctx, row, body.otpToken);
  if (!captchaOk || !row || step === null || !(await claimOtp(ctx, row.id, step))) {
    if (counted) await reportFailure(ctx, row, counted, ip, 'password update');
    throw new CodedError('PASSWORD_UPDATE_FAILED');
  }
  await ctx.guard.succeeded(keys);
  const passwordHash = await ctx.passwords.hash(body.newPassword);
  await setPassword(db, row.id, passwordHash, ctx.now(), ip);
  const ended = await endSessions(db, row.id, 'all');
  ctx.sessionsEnded({ userId: row.id, sessionIds: ended, reason: 'password-changed' });
  return row.id;
}
