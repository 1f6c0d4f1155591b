import { ESSENTIALS_EVENT, type UnreadCounts } from '@balancer/core';
import type { EngineSnapshot } from '@balancer/engine';
import type { Logger } from '../../logging/logger.js';
import { type RealtimeServer, userRoom } from '../../realtime/socket.js';
import { streamEssentials } from './essentials.js';

/**
 * Sends every connected user the compact essentials after each tick: one event per user room
 * (their devices share it), with that user's unread counts. A failing count query skips that
 * user for this tick; the next tick tries again.
 */
export function streamTicks(
  io: RealtimeServer,
  counts: (userId: string) => Promise<UnreadCounts>,
  logger: Logger,
): (snapshot: EngineSnapshot) => void {
  return (snapshot) => {
    const users = new Set<string>();
    for (const socket of io.sockets.sockets.values()) users.add(socket.data.user.id);
    for (const userId of users) {
      counts(userId).then(
        (unread) => io.to(userRoom(userId)).emit(ESSENTIALS_EVENT, streamEssentials(snapshot, unread)),
        (error: unknown) =>
          logger.warn({ err: error, userId }, 'stream: unread counts failed; skipped this tick'),
      );
    }
  };
}
