import type { SessionRecord } from '@balancer/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';

/** Refresh tokens (and the sessions they keep alive) last 30 days from their last use. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Devices a user may be signed in on at once; signing in on one more ends the least recently used. */
export const MAX_SESSIONS_PER_USER = 20;

/** Where a request came from, stored with the session for the user list's sessions view. */
export interface Device {
  ip: string | null;
  userAgent: string | null;
}

/** A session as root sees it (the shape lives in core): no token material. */
export type { SessionRecord };

const USER_AGENT_MAX = 300;
const deviceColumns = (device: Device) => ({
  ip: device.ip,
  user_agent: device.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
});

/** A new session's id, and the user's sessions it ended (expired or beyond the limit). */
export interface CreatedSession {
  id: string;
  ended: string[];
}

/** Opens a session for a new sign-in and trims the user's oldest beyond the limit. */
export async function createSession(
  db: Kysely<Database>,
  userId: string,
  tokenHash: string,
  device: Device,
  nowMs: number,
): Promise<CreatedSession> {
  return db.transaction().execute(async (trx) => {
    const expired = await trx
      .deleteFrom('refresh_sessions')
      .where('user_id', '=', userId)
      .where('expires_at', '<=', String(nowMs))
      .returning('id')
      .execute();
    const created = await trx
      .insertInto('refresh_sessions')
      .values({
        user_id: userId,
        token_hash: tokenHash,
        created_at: nowMs,
        last_used_at: nowMs,
        expires_at: nowMs + SESSION_TTL_MS,
        ...deviceColumns(device),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const keep = trx
      .selectFrom('refresh_sessions')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('last_used_at', 'desc')
      .limit(MAX_SESSIONS_PER_USER);
    const trimmed = await trx
      .deleteFrom('refresh_sessions')
      .where('user_id', '=', userId)
      .where('id', 'not in', keep)
      .returning('id')
      .execute();
    return { id: created.id, ended: [...expired, ...trimmed].map((row) => row.id) };
  });
}

/**
 * How long after a refresh token was rotated it still answers with its successor (ms): two tabs
 * refreshing with the same cookie at once, or a refresh retried after its answer was lost (a
 * reload mid-request, a dropped connection), keep the session. 20 s covers the web client's
 * retries after a network failure (3 + 5 + 7 = 15 s). Past it, or for any token older than the
 * last one rotated, a presented token is reuse and ends the session.
 */
export const REFRESH_GRACE_MS = 20_000;

export type Rotation =
  /** `presented` was the session's token: `successor` is now. */
  | { kind: 'rotated'; userId: string; sessionId: string }
  /** `presented` was rotated to `successor` within the grace window, which is still current: nothing changed. */
  | { kind: 'repeated'; userId: string; sessionId: string }
  /** `presented` was rotated away longer ago, or is older than the last one: the session has ended. */
  | { kind: 'reused'; userId: string; sessionId: string }
  | { kind: 'unknown' };

/** A refresh: the hashes of the presented token and of the successor it rotates to. */
export interface RotationHashes {
  presented: string;
  successor: string;
}

/**
 * Replaces the session's token hash `presented` by `successor`, remembering `presented` as
 * rotated. A token rotated away within REFRESH_GRACE_MS whose successor is still the session's
 * token is a repeat (the same refresh again) and changes nothing; any other token already
 * rotated away ends its session (someone holds a copy: the thief or the owner, and we cannot
 * tell which); an unknown or expired token changes nothing.
 *
 * Atomic under concurrency on PostgreSQL's READ COMMITTED: a second refresh with the same token
 * waits on the row lock of the first's UPDATE, finds no row once it commits, then sees its
 * rotation record; the session row is locked (FOR UPDATE) before the repeat-or-reuse decision.
 */
export async function rotateSession(
  db: Kysely<Database>,
  hashes: RotationHashes,
  device: Device,
  nowMs: number,
): Promise<Rotation> {
  return db.transaction().execute(async (trx): Promise<Rotation> => {
    const rotated = await trx
      .updateTable('refresh_sessions')
      .set({
        token_hash: hashes.successor,
        last_used_at: nowMs,
        expires_at: nowMs + SESSION_TTL_MS,
        ...deviceColumns(device),
      })
      .where('token_hash', '=', hashes.presented)
      .where('expires_at', '>', String(nowMs))
      .returning(['id', 'user_id'])
      .executeTakeFirst();
    if (rotated) {
      await trx
        .insertInto('refresh_token_rotations')
        .values({ token_hash: hashes.presented, session_id: rotated.id, rotated_at: nowMs })
        .execute();
      // A rotated token older than the session lifetime has expired anyway: no need to remember it.
      await trx
        .deleteFrom('refresh_token_rotations')
        .where('rotated_at', '<', String(nowMs - SESSION_TTL_MS))
        .execute();
      return { kind: 'rotated', userId: rotated.user_id, sessionId: rotated.id };
    }
    const earlier = await trx
      .selectFrom('refresh_token_rotations')
      .select(['session_id', 'rotated_at'])
      .where('token_hash', '=', hashes.presented)
      .executeTakeFirst();
    if (!earlier) return { kind: 'unknown' };
    const session = await trx
      .selectFrom('refresh_sessions')
      .select(['user_id', 'token_hash', 'expires_at'])
      .where('id', '=', earlier.session_id)
      .forUpdate()
      .executeTakeFirst();
    if (!session) return { kind: 'unknown' };
    const found = { userId: session.user_id, sessionId: earlier.session_id };
    if (
      session.token_hash === hashes.successor &&
      Number(earlier.rotated_at) > nowMs - REFRESH_GRACE_MS &&
      Number(session.expires_at) > nowMs
    ) {
      return { kind: 'repeated', ...found };
    }
    await trx.deleteFrom('refresh_sessions').where('id', '=', earlier.session_id).execute();
    return { kind: 'reused', ...found };
  });
}

/**
 * The live session holding token hash `hashes.presented`, or holding its successor when it was
 * rotated within REFRESH_GRACE_MS (a socket handshake that raced a refresh), without touching it.
 */
export function findLiveSession(
  db: Kysely<Database>,
  hashes: RotationHashes,
  nowMs: number,
): Promise<{ id: string; user_id: string } | undefined> {
  return db
    .selectFrom('refresh_sessions')
    .select(['id', 'user_id'])
    .where('expires_at', '>', String(nowMs))
    .where((eb) =>
      eb.or([
        eb('token_hash', '=', hashes.presented),
        eb.and([
          eb('token_hash', '=', hashes.successor),
          eb.exists(
            eb
              .selectFrom('refresh_token_rotations')
              .select('rotated_at')
              .whereRef('refresh_token_rotations.session_id', '=', 'refresh_sessions.id')
              .where('refresh_token_rotations.token_hash', '=', hashes.presented)
              .where('rotated_at', '>', String(nowMs - REFRESH_GRACE_MS)),
          ),
        ]),
      ]),
    )
    .executeTakeFirst();
}

/** Ends one of the user's sessions (this device) or all of them; returns the ended ids. */
export async function endSessions(
  db: Kysely<Database>,
  userId: string,
  only: { tokenHash: string } | 'all',
): Promise<string[]> {
  let query = db.deleteFrom('refresh_sessions').where('user_id', '=', userId);
  if (only !== 'all') query = query.where('token_hash', '=', only.tokenHash);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}

/** The ids of every session of the user (live or not). */
export async function sessionIdsOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('refresh_sessions').select('id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.id);
}

/** The user of a live session, as the guards see it; undefined when the session is gone or expired. */
export async function liveSessionUser(
  db: Kysely<Database>,
  sessionId: string,
  nowMs: number,
): Promise<{ id: string; nickname: string; authority: number } | undefined> {
  return db
    .selectFrom('refresh_sessions')
    .innerJoin('users', 'users.id', 'refresh_sessions.user_id')
    .select(['users.id', 'users.nickname', 'users.authority'])
    .where('refresh_sessions.id', '=', sessionId)
    .where('refresh_sessions.expires_at', '>', String(nowMs))
    .executeTakeFirst();
}

/**
 * Which of these sessions are still live (the stream's periodic check of its sockets). One
 * parameter for the whole list (an array), however many sockets there are.
 */
export async function liveSessionIds(
  db: Kysely<Database>,
  sessionIds: readonly string[],
  nowMs: number,
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('refresh_sessions')
    .select('id')
    .where(sql<boolean>`id = any(${[...sessionIds]}::uuid[])`)
    .where('expires_at', '>', String(nowMs))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Ends one session: of `userId` only, unless null (root ending anyone's). The user it belonged
 * to, or undefined when there is no such session (or not that user's).
 */
export async function endSession(
  db: Kysely<Database>,
  sessionId: string,
  userId: string | null,
): Promise<string | undefined> {
  let query = db.deleteFrom('refresh_sessions').where('id', '=', sessionId);
  if (userId !== null) query = query.where('user_id', '=', userId);
  const row = await query.returning('user_id').executeTakeFirst();
  return row?.user_id;
}

/** A user's live sessions, most recently used first; `currentSessionId`'s is marked current. */
export async function listSessions(
  db: Kysely<Database>,
  userId: string,
  nowMs: number,
  currentSessionId: string | null = null,
): Promise<SessionRecord[]> {
  const rows = await db
    .selectFrom('refresh_sessions')
    .select(['id', 'created_at', 'last_used_at', 'expires_at', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', String(nowMs))
    .orderBy('last_used_at', 'desc')
    .execute();
  return rows.map((row) => ({
    ...row,
    created_at: Number(row.created_at),
    last_used_at: Number(row.last_used_at),
    expires_at: Number(row.expires_at),
    current: row.id === currentSessionId,
  }));
}
