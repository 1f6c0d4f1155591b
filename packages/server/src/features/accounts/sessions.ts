import { CodedError, type SessionUser } from '@balancer/core';
import type { AccountsContext } from './context.js';
import type { IssuedTokens } from './credentials.js';
import { hashRefreshToken, successorRefreshToken } from './refresh-cookie.js';
import {
  type Device,
  endSessions,
  findLiveSession,
  type RotationHashes,
  rotateSession,
} from './sessions-repository.js';
import { findUserById } from './users-repository.js';

/**
 * Trades a refresh token for a new access token and its successor (rotation). The same token
 * again within REFRESH_GRACE_MS of its rotation, while its successor is still current, gets that
 * same successor and a fresh access token (two tabs at once, a retry after a lost answer). No
 * token, an unknown or expired one, or one rotated away otherwise (which also ends that device's
 * session, and closes its sockets) all give NO_SESSION_TO_REFRESH (4750): the client signs out.
 */
export async function refreshSession(
  ctx: AccountsContext,
  presented: string | null,
  device: Device,
): Promise<IssuedTokens> {
  if (!presented) throw new CodedError('NO_SESSION_TO_REFRESH');
  const refreshToken = successorRefreshToken(presented, ctx.config.COOKIE_SECRET);
  const now = ctx.now();
  const rotation = await rotateSession(ctx.db(), rotationHashes(ctx, presented, refreshToken), device, now);
  if (rotation.kind === 'reused') {
    ctx.sessionsEnded({
      userId: rotation.userId,
      sessionIds: [rotation.sessionId],
      reason: 'session-reused',
    });
    throw new CodedError(
      'NO_SESSION_TO_REFRESH',
      'this refresh token was already used; the session has ended',
    );
  }
  if (rotation.kind === 'unknown') throw new CodedError('NO_SESSION_TO_REFRESH');
  return { accessToken: await ctx.tokens.issue(rotation.userId, rotation.sessionId, now), refreshToken };
}

/** The hashes of a presented token and of the successor it rotates to (computed unless given). */
function rotationHashes(ctx: AccountsContext, presented: string, successor?: string): RotationHashes {
  const next = successor ?? successorRefreshToken(presented, ctx.config.COOKIE_SECRET);
  return { presented: hashRefreshToken(presented), successor: hashRefreshToken(next) };
}

/** Ends the caller's session on this device (the one its cookie names), or on all of them. */
export async function signOut(
  ctx: AccountsContext,
  user: SessionUser,
  presented: string | null,
  allDevices: boolean,
): Promise<void> {
  let only: 'all' | { tokenHash: string };
  if (allDevices) only = 'all';
  else if (presented) only = { tokenHash: hashRefreshToken(presented) };
  else return;
  const ended = await endSessions(ctx.db(), user.id, only);
  ctx.sessionsEnded({
    userId: user.id,
    sessionIds: ended,
    reason: allDevices ? 'signed-out-everywhere' : 'signed-out',
  });
}

/**
 * The user a live refresh token belongs to and its session, without rotating it (the socket
 * handshake); the token just rotated away still counts within the grace window.
 */
export async function sessionOfRefreshToken(
  ctx: AccountsContext,
  presented: string | null,
): Promise<{ user: SessionUser; sessionId: string } | null> {
  if (!presented) return null;
  const db = ctx.db();
  const session = await findLiveSession(db, rotationHashes(ctx, presented), ctx.now());
  if (!session) return null;
  const row = await findUserById(db, session.user_id);
  return row
    ? { user: { id: row.id, nickname: row.nickname, authority: row.authority }, sessionId: session.id }
    : null;
}
