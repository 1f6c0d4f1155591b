import { SESSION_ENDED_EVENT, type SessionEndReason, sessionEnded } from '@balancer/core';
import type { SessionsEnded } from '../features/accounts/session-events.js';
import type { Logger } from '../logging/logger.js';
import { sessionRoom, userRoom } from './rooms.js';
import type { RealtimeServer, RealtimeServices } from './socket.js';

/** How often every socket's session is checked against the database, ms. */
export const SESSION_CHECK_MS = 60_000;

/** Reasons that end every session of the user, so every socket of the user goes. */
const WHOLE_USER: ReadonlySet<SessionEndReason> = new Set([
  'signed-out-everywhere',
  'password-changed',
  'authority-changed',
  'account-deleted',
]);

export interface RevocationWatch {
  /** Checks every socket now: its session still live, its address not blacklisted. */
  check(): Promise<void>;
  stop(): void;
}

/**
 * Keeps the stream's sockets no longer than their rights: each one whose session ends, whose user
 * is deleted or changed, or whose address is blacklisted is sent `session-ended` with the reason
 * and disconnected. Changes made by this process act at once (session events, blacklist changes);
 * anything else (another instance's change, an expiry) is found by the check every minute.
 */
export function watchRevocations(
  io: RealtimeServer,
  services: RealtimeServices,
  logger: Logger,
): RevocationWatch {
  const end = (rooms: string[], reason: SessionEndReason) => {
    if (rooms.length === 0) return;
    io.to(rooms).emit(SESSION_ENDED_EVENT, sessionEnded(reason));
    io.in(rooms).disconnectSockets(true);
  };

  const onEnded = (event: SessionsEnded) => {
    const rooms = WHOLE_USER.has(event.reason)
      ? [userRoom(event.userId)]
      : event.sessionIds.map((id) => sessionRoom(id));
    end(rooms, event.reason);
  };

  const endBlacklisted = () => {
    for (const socket of io.sockets.sockets.values()) {
      if (services.blacklist.has(socket.data.ip)) {
        socket.emit(SESSION_ENDED_EVENT, sessionEnded('ip-blacklisted'));
        socket.disconnect(true);
      }
    }
  };

  const check = async () => {
    endBlacklisted();
    const sessions = new Set<string>();
    for (const socket of io.sockets.sockets.values()) sessions.add(socket.data.sessionId);
    if (sessions.size === 0) return;
    const live = await services.accounts.liveSessions([...sessions]);
    const gone = [...sessions].filter((id) => !live.has(id));
    end(
      gone.map((id) => sessionRoom(id)),
      'session-expired',
    );
  };

  const stopSessions = services.accounts.sessionEvents.on(onEnded);
  const stopBlacklist = services.blacklist.onBlock(endBlacklisted);
  const timer = setInterval(() => {
    check().catch((error: unknown) => logger.warn({ err: error }, 'stream: checking the sessions failed'));
  }, SESSION_CHECK_MS);
  timer.unref();

  return {
    check,
    stop: () => {
      clearInterval(timer);
      stopSessions();
      stopBlacklist();
    },
  };
}
