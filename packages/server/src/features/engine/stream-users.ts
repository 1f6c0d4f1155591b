import type { UnreadCounts } from '@balancer/core';
import { essentialsRoom } from '../../realtime/rooms.js';
import type { RealtimeServer } from '../../realtime/socket.js';

export type StreamSocket = ReturnType<RealtimeServer['sockets']['sockets']['get']> & {};

/**
 * Who the stream sends to (features/engine/stream.ts): the users with connected sockets, each
 * user's unread counts as of the last tick, and which sockets follow on from that tick (they are in
 * the user's essentials room) or still need the essentials whole.
 */
export class StreamUsers {
  readonly #io: RealtimeServer;
  readonly #counts = new Map<string, UnreadCounts>();

  constructor(io: RealtimeServer) {
    this.#io = io;
  }

  /** The room of the user's following sockets. */
  readonly room = (userId: string): string => essentialsRoom(userId);

  /** The users with at least one connected socket. */
  present(): string[] {
    const users = new Set<string>();
    for (const socket of this.#io.sockets.sockets.values()) users.add(socket.data.user.id);
    return [...users];
  }

  counts(userId: string): UnreadCounts | undefined {
    return this.#counts.get(userId);
  }

  setCounts(userId: string, counts: UnreadCounts): void {
    this.#counts.set(userId, counts);
  }

  isFollowing(socket: StreamSocket): boolean {
    return socket.rooms.has(essentialsRoom(socket.data.user.id));
  }

  /** These sockets now hold the user's essentials of this tick: the next patch goes to them. */
  following(userId: string, sockets: StreamSocket[]): void {
    for (const socket of sockets) void socket.join(essentialsRoom(userId));
  }

  /** The connected sockets that do not follow yet, by user, for users whose counts are known. */
  notFollowing(): Map<string, StreamSocket[]> {
    const waiting = new Map<string, StreamSocket[]>();
    for (const socket of this.#io.sockets.sockets.values()) {
      const userId = socket.data.user.id;
      if (!this.#counts.has(userId) || this.isFollowing(socket)) continue;
      const list = waiting.get(userId) ?? [];
      list.push(socket);
      waiting.set(userId, list);
    }
    return waiting;
  }

  /** Forgets the counts of the users without a connected socket (they start whole when back). */
  forgetAbsent(): void {
    const present = new Set(this.present());
    for (const userId of this.#counts.keys()) if (!present.has(userId)) this.#counts.delete(userId);
  }
}
