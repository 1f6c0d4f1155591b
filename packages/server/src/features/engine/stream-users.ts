import type { UnreadCounts } from '@balancer/core';
import { essentialsRoom } from '../../realtime/rooms.js';
import type { RealtimeServer } from '../../realtime/socket.js';

export type StreamSocket = ReturnType<RealtimeServer['sockets']['sockets']['get']> & {};

/**
 * Who the stream sends to (features/engine/stream.ts): the users with connected sockets, each
 * user's unread counts as of the last tick, and which sockets follow on from that tick (they are in
 * the user's essentials room) or still need the essentials whole. Kept up to date on connect and
 * disconnect, so a tick never walks every socket.
 */
export class StreamUsers {
  /** Connected sockets by user. */
  readonly #sockets = new Map<string, Set<StreamSocket>>();
  /** Connected sockets that do not hold the last tick's essentials yet. */
  readonly #waiting = new Set<StreamSocket>();
  readonly #counts = new Map<string, UnreadCounts>();

  /** The room of the user's following sockets. */
  readonly room = (userId: string): string => essentialsRoom(userId);

  /** A socket connected: it waits for the essentials whole until `following`. */
  add(socket: StreamSocket): void {
    const userId = socket.data.user.id;
    const own = this.#sockets.get(userId) ?? new Set();
    own.add(socket);
    this.#sockets.set(userId, own);
    this.#waiting.add(socket);
    socket.once('disconnect', () => {
      this.#waiting.delete(socket);
      own.delete(socket);
      if (own.size === 0 && this.#sockets.get(userId) === own) this.#sockets.delete(userId);
    });
  }

  /** The users with at least one connected socket. */
  present(): string[] {
    return [...this.#sockets.keys()];
  }

  counts(userId: string): UnreadCounts | undefined {
    return this.#counts.get(userId);
  }

  setCounts(userId: string, counts: UnreadCounts): void {
    this.#counts.set(userId, counts);
  }

  /** Whether the socket is gone or already holds the last tick's essentials. */
  settled(socket: StreamSocket): boolean {
    return !this.#waiting.has(socket);
  }

  /** These sockets now hold the user's essentials of this tick: the next patch goes to them. */
  following(userId: string, sockets: StreamSocket[]): void {
    for (const socket of sockets) {
      void socket.join(essentialsRoom(userId));
      this.#waiting.delete(socket);
    }
  }

  /** The connected sockets that do not follow yet, by user, for users whose counts are known. */
  notFollowing(): Map<string, StreamSocket[]> {
    const waiting = new Map<string, StreamSocket[]>();
    for (const socket of this.#waiting) {
      const userId = socket.data.user.id;
      if (!this.#counts.has(userId)) continue;
      const list = waiting.get(userId) ?? [];
      list.push(socket);
      waiting.set(userId, list);
    }
    return waiting;
  }

  /** Forgets the counts of the users without a connected socket (they start whole when back). */
  forgetAbsent(): void {
    for (const userId of this.#counts.keys()) if (!this.#sockets.has(userId)) this.#counts.delete(userId);
  }
}
