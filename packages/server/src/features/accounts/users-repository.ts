import { CodedError, type PasswordUpdate, ROOT_AUTHORITY, type UserRecord } from '@balancer/core';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import type { UsersTable } from './tables.js';
import { NO_THROTTLES } from './throttle-states.js';

export type UserRow = Selectable<UsersTable>;

/** A user as the API shows it (the shape lives in core): never a hash or a secret. */
export type { UserRecord };

export function toUserRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    nickname: row.nickname,
    authority: row.authority,
    password_set: row.password_hash !== null,
    created_at: Number(row.created_at),
    // The guessing limit's state is kept apart (guessing-guard.ts); AccountsService.listUsers adds it.
    guard: NO_THROTTLES,
  };
}

/** PostgreSQL's unique_violation (PGlite reports the same SQLSTATE). */
function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/** Runs a write that may hit the case-insensitive nickname index, as NICKNAME_TAKEN. */
export async function withUniqueNickname<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new CodedError('NICKNAME_TAKEN');
    throw error;
  }
}

export function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Nicknames match whatever their case. */
export function findUserByNickname(db: Kysely<Database>, nickname: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(nickname)`, '=', nickname.toLowerCase())
    .executeTakeFirst();
}

export function findRoot(db: Kysely<Database>): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('authority', '=', ROOT_AUTHORITY).executeTakeFirst();
}

/** The user, or USER_NOT_FOUND. */
export async function requireUser(db: Kysely<Database>, id: string): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw new CodedError('USER_NOT_FOUND');
  return row;
}

/** Every user, highest authority first, then by nickname. */
export async function listUsers(db: Kysely<Database>): Promise<UserRecord[]> {
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .orderBy('authority', 'desc')
    .orderBy(sql`lower(nickname)`)
    .execute();
  return rows.map(toUserRecord);
}

/**
 * Accepts TOTP time step `step` for the user if it is later than the last accepted one, in one
 * statement, so two requests racing with the same code cannot both win.
 */
export async function claimOtpStep(db: Kysely<Database>, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .updateTable('users')
    .set({ otp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('otp_last_step', 'is', null), eb('otp_last_step', '<', String(step))]))
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Sets the password hash and records the update in the history, together. */
export async function setPassword(
  db: Kysely<Database>,
  userId: string,
  passwordHash: string,
  eventTime: number,
  ip: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    await trx.insertInto('password_updates').values({ user_id: userId, event_time: eventTime, ip }).execute();
  });
}

/** A page of a user's password updates, newest first, strictly before `startAtEventTime`. */
export async function passwordUpdates(
  db: Kysely<Database>,
  userId: string,
  limit: number,
  startAtEventTime: number | undefined,
): Promise<PasswordUpdate[]> {
  let query = db
    .selectFrom('password_updates')
    .select(['id', 'event_time', 'ip'])
    .where('user_id', '=', userId);
  if (startAtEventTime !== undefined) query = query.where('event_time', '<', String(startAtEventTime));
  const rows = await query.orderBy('event_time', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ id: row.id, event_time: Number(row.event_time), ip: row.ip }));
}
