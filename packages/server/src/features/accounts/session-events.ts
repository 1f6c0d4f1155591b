import type { SessionEndReason } from '@balancer/core';

/** Sessions that just ended while their devices may still be connected. */
export interface SessionsEnded {
  userId: string;
  /** The ended sessions (refresh_sessions ids); empty when none was live. */
  sessionIds: readonly string[];
  reason: SessionEndReason;
}

export type SessionsEndedListener = (event: SessionsEnded) => void;

/**
 * Tells the rest of the process when sessions end (sign-out, a deleted or changed user, a
 * password update, a reused refresh token), so that what holds them open learns at once: the
 * access-token cache forgets them and the stream disconnects their sockets.
 */
export class SessionEvents {
  private readonly listeners = new Set<SessionsEndedListener>();

  /** Returns the function that stops listening. */
  on(listener: SessionsEndedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls every listener; one that throws does not keep the others from hearing it. */
  emit(event: SessionsEnded): unknown[] {
    const failures: unknown[] = [];
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        failures.push(error);
      }
    }
    return failures;
  }
}
