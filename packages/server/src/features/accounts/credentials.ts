import { CodedError, type SignInBody, type UpdatePasswordBody } from '@balancer/core';
import type { AccountLocked, AccountsContext } from './context.js';
import type { GuardSubject } from './guessing-guard.js';
import { type GuardState, lockedJustNow } from './guessing-policy.js';
import { claimOtp, matchUserOtp } from './one-time-codes.js';
import { hashRefreshToken, newRefreshToken } from './refresh-cookie.js';
import { createSession, type Device, endSessions } from './sessions-repository.js';
import { findUserByNickname, setPassword, type UserRow } from './users-repository.js';

/** A new session's tokens: the access token for `data`, the refresh token for the cookie. */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
}

/** Whose attempts a credential check counts: the account, or the nickname that matches none. */
function subjectOf(row: UserRow | undefined, nickname: string): GuardSubject {
  return row ? { userId: row.id } : { unknownNickname: nickname };
}

/** After a failed attempt: tells root when it was the one that locked a real account. */
export function reportFailure(
  ctx: AccountsContext,
  row: Pick<UserRow, 'id' | 'nickname'> | undefined,
  counted: GuardState,
  ip: string | null,
  action: AccountLocked['action'],
): void {
  if (!row || !lockedJustNow(counted) || counted.lockedUntil === null) return;
  ctx.accountLocked({
    userId: row.id,
    nickname: row.nickname,
    attempts: counted.attempts,
    lockedUntil: counted.lockedUntil,
    at: counted.lastAttemptAt,
    ip,
    action,
  });
}

/**
 * Signs a user in. Every failure — unknown nickname, no password yet, wrong password, wrong or
 * replayed code, bad or spent captcha — throws the same SIGN_IN_FAILED after the same work: the
 * captcha is redeemed, one argon2 verify runs (against a dummy hash when there is no stored one)
 * and one code check runs (against a dummy secret for an unknown nickname). The code's time step
 * is spent only when everything else was right. With a solved captcha the attempt counts against
 * the nickname's guessing limit (guessing-policy.ts) before anything is checked; while it is
 * locked the answer is ACCOUNT_LOCKED, for unknown nicknames exactly as for real ones.
 */
export async function signIn(ctx: AccountsContext, body: SignInBody, device: Device): Promise<IssuedTokens> {
  const db = ctx.db();
  const captchaOk = await ctx.captcha.redeem(body.altchaPayload, ctx.now());
  const row = await findUserByNickname(db, body.nickname);
  const subject = subjectOf(row, body.nickname);
  const counted = captchaOk ? await ctx.guard.begin(subject, ctx.now()) : undefined;
  const passwordOk = await ctx.passwords.verify(row?.password_hash ?? null, body.password);
  const step = await matchUserOtp(ctx, row, body.otpToken);
  if (!captchaOk || !row || !passwordOk || step === null || !(await claimOtp(ctx, row.id, step))) {
    if (counted) reportFailure(ctx, row, counted, device.ip, 'sign-in');
    throw new CodedError('SIGN_IN_FAILED');
  }
  await ctx.guard.succeeded(subject);
  const refreshToken = newRefreshToken();
  const now = ctx.now();
  const session = await createSession(db, row.id, hashRefreshToken(refreshToken), device, now);
  if (session.ended.length > 0) {
    ctx.sessionsEnded({ userId: row.id, sessionIds: session.ended, reason: 'session-expired' });
  }
  return { accessToken: await ctx.tokens.issue(row.id, session.id, now), refreshToken };
}

/**
 * The public password update: the OTP code proves the caller holds the user's secret (a new
 * user's only credential). Failures are one PASSWORD_UPDATE_FAILED, as for sign-in, and count
 * against the same guessing limit. A success records one history row and ends the user's
 * sessions on every device (their sockets too), so a password changed after a leak also locks
 * out whoever used the old one.
 */
export async function updatePassword(
  ctx: AccountsContext,
  body: UpdatePasswordBody,
  ip: string,
): Promise<void> {
  const db = ctx.db();
  const captchaOk = await ctx.captcha.redeem(body.altchaPayload, ctx.now());
  const row = await findUserByNickname(db, body.nickname);
  const subject = subjectOf(row, body.nickname);
  const counted = captchaOk ? await ctx.guard.begin(subject, ctx.now()) : undefined;
  const step = await matchUserOtp(ctx, row, body.otpToken);
  if (!captchaOk || !row || step === null || !(await claimOtp(ctx, row.id, step))) {
    if (counted) reportFailure(ctx, row, counted, ip, 'password update');
    throw new CodedError('PASSWORD_UPDATE_FAILED');
  }
  await ctx.guard.succeeded(subject);
  const passwordHash = await ctx.passwords.hash(body.newPassword);
  await setPassword(db, row.id, passwordHash, ctx.now(), ip);
  const ended = await endSessions(db, row.id, 'all');
  ctx.sessionsEnded({ userId: row.id, sessionIds: ended, reason: 'password-changed' });
}
