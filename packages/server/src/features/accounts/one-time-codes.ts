import type { AccountsContext } from './context.js';
import { matchOtpStep, newOtpSecret } from './otp.js';
import { claimOtpStep, type UserRow } from './users-repository.js';

/** The sealed secret is bound to its owner's id: copied onto another row it does not open. */
export function sealOtpSecret(ctx: AccountsContext, userId: string, secret: string): string {
  return ctx.box.seal(secret, `otp:${userId}`);
}

export function openOtpSecret(ctx: AccountsContext, row: Pick<UserRow, 'id' | 'otp_secret_sealed'>): string {
  return ctx.box.open(row.otp_secret_sealed, `otp:${row.id}`);
}

/** Checked against when the nickname is unknown, so that case costs the same as a real check. */
const DUMMY_SECRET = newOtpSecret();

/**
 * The time step `code` matches for this user now (±1 step), or null. Without a user it checks a
 * dummy secret and answers null, at the same cost. Does not consume the step: see `claimOtp`.
 */
export async function matchUserOtp(
  ctx: AccountsContext,
  row: UserRow | undefined,
  code: string,
): Promise<number | null> {
  const secret = row ? openOtpSecret(ctx, row) : DUMMY_SECRET;
  const step = await matchOtpStep(secret, code, ctx.now());
  return row ? step : null;
}

/** Spends time step `step` for the user: false when it (or a later one) was already used. */
export function claimOtp(ctx: AccountsContext, userId: string, step: number): Promise<boolean> {
  return claimOtpStep(ctx.db(), userId, step);
}

/** Checks and spends a code in one go: the `otp-token` header of a guarded route. */
export async function acceptOtp(ctx: AccountsContext, row: UserRow, code: string): Promise<boolean> {
  const step = await matchUserOtp(ctx, row, code);
  return step !== null && (await claimOtp(ctx, row.id, step));
}
