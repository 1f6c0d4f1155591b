import { CodedError, type SignInBody, type UpdatePasswordBody } from '@balancer/core';
import type { AccountsContext } from './context.js';
import { claimOtp, matchUserOtp } from './one-time-codes.js';
import { hashRefreshToken, newRefreshToken } from './refresh-cookie.js';
import { createSession, type Device, endSessions } from './sessions-repository.js';
import { findUserByNickname, setPassword } from './users-repository.js';

/** A new session's tokens: the access token for `data`, the refresh token for the cookie. */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
}

/**
 * Signs a user in. Every failure — unknown nickname, no password yet, wrong password, wrong or
 * replayed code, bad or spent captcha — throws the same SIGN_IN_FAILED after the same work: the
 * captcha is redeemed, one argon2 verify runs (against a dummy hash when there is no stored one)
 * and one code check runs (against a dummy secret for an unknown nickname). The code's time step
 * is spent only when everything else was right.
 */
export async function signIn(ctx: AccountsContext, body: SignInBody, device: Device): Promise<IssuedTokens> {
  const db = ctx.db();
  const captchaOk = await ctx.captcha.redeem(body.altchaPayload, ctx.now());
  const row = await findUserByNickname(db, body.nickname);
  const passwordOk = await ctx.passwords.verify(row?.password_hash ?? null, body.password);
  const step = await matchUserOtp(ctx, row, body.otpToken);
  if (!captchaOk || !row || !passwordOk || step === null || !(await claimOtp(ctx, row.id, step))) {
    throw new CodedError('SIGN_IN_FAILED');
  }
  const refreshToken = newRefreshToken();
  const now = ctx.now();
  await createSession(db, row.id, hashRefreshToken(refreshToken), device, now);
  return { accessToken: await ctx.tokens.issue(row.id, now), refreshToken };
}

/**
 * The public password update: the OTP code proves the caller holds the user's secret (a new
 * user's only credential). Failures are one PASSWORD_UPDATE_FAILED, as for sign-in. A success
 * records one history row and ends the user's sessions on every device, so a password changed
 * after a leak also locks out whoever used the old one.
 */
export async function updatePassword(
  ctx: AccountsContext,
  body: UpdatePasswordBody,
  ip: string,
): Promise<void> {
  const db = ctx.db();
  const captchaOk = await ctx.captcha.redeem(body.altchaPayload, ctx.now());
  const row = await findUserByNickname(db, body.nickname);
  const step = await matchUserOtp(ctx, row, body.otpToken);
  if (!captchaOk || !row || step === null || !(await claimOtp(ctx, row.id, step))) {
    throw new CodedError('PASSWORD_UPDATE_FAILED');
  }
  const passwordHash = await ctx.passwords.hash(body.newPassword);
  await setPassword(db, row.id, passwordHash, ctx.now(), ip);
  await endSessions(db, row.id, 'all');
}
