import { randomUUID } from 'node:crypto';
import {
  CodedError,
  type EventTimePageQuery,
  type OtpHandover,
  ROOT_AUTHORITY,
  type UserCreate,
} from '@balancer/core';
import type { Updateable } from 'kysely';
import type { AccountsContext } from './context.js';
import { openOtpSecret, sealOtpSecret } from './one-time-codes.js';
import { newOtpSecret, otpauthUri } from './otp.js';
import { listSessions, type SessionRecord } from './sessions-repository.js';
import type { UsersTable } from './tables.js';
import {
  passwordUpdates,
  requireUser,
  toUserRecord,
  type UserRecord,
  type UserRow,
  withUniqueNickname,
} from './users-repository.js';

export type { OtpHandover } from '@balancer/core';

/** The API may change any user but root (root changes only through its own password update and the cli). */
async function requireNonRoot(ctx: AccountsContext, id: string): Promise<UserRow> {
  const row = await requireUser(ctx.db(), id);
  if (row.authority === ROOT_AUTHORITY) throw new CodedError('ROOT_PROTECTED');
  return row;
}

/** A new user (authority 1–4) with a fresh OTP secret and no password. */
export async function createUser(ctx: AccountsContext, input: UserCreate): Promise<UserRecord> {
  const id = randomUUID();
  const row = await withUniqueNickname(() =>
    ctx
      .db()
      .insertInto('users')
      .values({
        id,
        nickname: input.nickname,
        authority: input.authority,
        password_hash: null,
        otp_secret_sealed: sealOtpSecret(ctx, id, newOtpSecret()),
        created_at: ctx.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return toUserRecord(row);
}

/** Updates a user other than root; the condition is repeated in the statement, so a race cannot slip past it. */
async function updateNonRoot(
  ctx: AccountsContext,
  id: string,
  set: Updateable<UsersTable>,
): Promise<UserRecord> {
  await requireNonRoot(ctx, id);
  const row = await ctx
    .db()
    .updateTable('users')
    .set(set)
    .where('id', '=', id)
    .where('authority', '<>', ROOT_AUTHORITY)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new CodedError('USER_NOT_FOUND');
  return toUserRecord(row);
}

export function renameUser(ctx: AccountsContext, id: string, nickname: string): Promise<UserRecord> {
  return withUniqueNickname(() => updateNonRoot(ctx, id, { nickname }));
}

export function setAuthority(ctx: AccountsContext, id: string, authority: number): Promise<UserRecord> {
  return updateNonRoot(ctx, id, { authority });
}

/** Deletes the user with its sessions and history (foreign keys cascade). */
export async function deleteUser(ctx: AccountsContext, id: string): Promise<void> {
  await requireNonRoot(ctx, id);
  await ctx.db().deleteFrom('users').where('id', '=', id).where('authority', '<>', ROOT_AUTHORITY).execute();
}

/** The user's current secret, for root to hand over. */
export async function otpHandover(ctx: AccountsContext, id: string): Promise<OtpHandover> {
  const row = await requireUser(ctx.db(), id);
  const otpSecret = openOtpSecret(ctx, row);
  return { otpSecret, otpauthUri: otpauthUri(otpSecret, row.nickname) };
}

/** Gives the user (root included: its own secret) a new secret; the old one stops working at once. */
export async function rotateOtpSecret(ctx: AccountsContext, id: string): Promise<OtpHandover> {
  const row = await requireUser(ctx.db(), id);
  const otpSecret = newOtpSecret();
  await ctx
    .db()
    .updateTable('users')
    .set({ otp_secret_sealed: sealOtpSecret(ctx, id, otpSecret), otp_last_step: null })
    .where('id', '=', id)
    .execute();
  return { otpSecret, otpauthUri: otpauthUri(otpSecret, row.nickname) };
}

export async function userPasswordUpdates(ctx: AccountsContext, id: string, page: EventTimePageQuery) {
  await requireUser(ctx.db(), id);
  return passwordUpdates(ctx.db(), id, page.limit, page.startAtEventTime);
}

export async function userSessions(
  ctx: AccountsContext,
  id: string,
  currentSessionId: string | null = null,
): Promise<SessionRecord[]> {
  await requireUser(ctx.db(), id);
  return listSessions(ctx.db(), id, ctx.now(), currentSessionId);
}
