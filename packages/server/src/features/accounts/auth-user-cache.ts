import type { SessionUser } from '@balancer/core';
import type { ClusterBus } from '../../shared/cluster-bus.js';

/** How long a looked-up session is trusted without asking the database again. */
export const AUTH_USER_TTL_MS = 2_000;
const MAX_ENTRIES = 1_000;

/**
 * The live sessions behind access tokens, each with its user, kept for 2 s so that an
 * authenticated request costs a JWT check instead of a database round trip (~0.6 ms on PGlite,
 * 5× a bare request). Every change this process makes to a user or its sessions (sign-out,
 * rename, authority, delete) drops the entries at once, so in one process the guards always see
 * the current state. Another instance on the same PostgreSQL drops them when the bus brings its
 * hint (`staleSessionsHint`), and in any case within 2 s: the bus is only a hint.
 */
export class AuthUserCache {
  private readonly entries = new Map<string, { user: SessionUser; until: number }>();

  /**
   * The user of live session `sessionId`, cached or from `load()` (cached when found; a session
   * that is gone is not cached).
   */
  async get(
    sessionId: string,
    nowMs: number,
    load: () => Promise<SessionUser | undefined>,
  ): Promise<SessionUser | undefined> {
    const hit = this.entries.get(sessionId);
    if (hit && hit.until > nowMs) return hit.user;
    const user = await load();
    if (!user) {
      this.entries.delete(sessionId);
      return undefined;
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(sessionId, { user, until: nowMs + AUTH_USER_TTL_MS });
    return user;
  }

  /** Forgets every session of the user (its name, authority or sessions changed). */
  invalidateUser(userId: string): void {
    for (const [sessionId, entry] of this.entries) {
      if (entry.user.id === userId) this.entries.delete(sessionId);
    }
  }

  /** Forgets these sessions (they ended). */
  invalidateSessions(sessionIds: Iterable<string>): void {
    for (const sessionId of sessionIds) this.entries.delete(sessionId);
  }
}

/** The bus topic: a user or some sessions changed on another instance. */
const STALE_TOPIC = 'accounts:stale-sessions';

/** What changed: every session of a user, or these sessions. */
export type StaleSessions = { userId: string } | { sessionIds: readonly string[] };

/** Tells the other instances to drop what they cached about these sessions (after the change is written). */
export function staleSessionsHint(bus: ClusterBus, stale: StaleSessions): void {
  if ('userId' in stale) bus.publish(STALE_TOPIC, { userId: stale.userId });
  else if (stale.sessionIds.length > 0) bus.publish(STALE_TOPIC, { sessionIds: [...stale.sessionIds] });
}

/** Drops the cache's entries the other instances' hints name; returns the unsubscribe. */
export function subscribeStaleSessions(bus: ClusterBus, cache: AuthUserCache): () => void {
  return bus.subscribe(STALE_TOPIC, (payload) => {
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return;
    if (typeof payload.userId === 'string') cache.invalidateUser(payload.userId);
    if (Array.isArray(payload.sessionIds)) {
      cache.invalidateSessions(payload.sessionIds.filter((id): id is string => typeof id === 'string'));
    }
  });
}
