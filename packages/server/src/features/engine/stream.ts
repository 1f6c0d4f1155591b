import {
  diffObjects,
  ESSENTIALS_EVENT,
  ESSENTIALS_PATCH_EVENT,
  ESSENTIALS_RESYNC_EVENT,
  type JsonObject,
  type ObjectPatch,
  type UnreadCounts,
} from '@balancer/core';
import type { Logger } from '../../logging/logger.js';
import type { RealtimeServer } from '../../realtime/socket.js';
import { type SharedStreamEssentials, withCounts } from './essentials.js';
import { type StreamSocket, StreamUsers } from './stream-users.js';

/**
 * The per-tick essentials on the stream (docs/operations-api.md, Realtime stream). Each tick is
 * numbered; a socket gets the essentials whole once (on connect, or at the next tick when they are
 * not known yet, or when it asks with `essentials-resync`) and then, each tick, only what changed
 * since the number it has (`essentials-patch`). The shared part (market state, position, plan) is
 * built and diffed once per tick; the connected users' unread counts are read together, two queries
 * per tick whatever the number of users and sockets;
 * users whose patch is the same bytes get one emit (Socket.IO encodes a packet once per emit,
 * whatever the number of rooms and sockets). A user's counts only ever go to that user's sockets.
 *
 * Ticks never overlap: one arriving while the previous is still reading counts waits, and only the
 * latest waiting one is sent. Failing count queries keep the users' last counts for the tick (a
 * user whose counts were never read waits for the next tick).
 *
 * Everything here is this instance's own: its sockets, its numbering, what each of them holds. So
 * every emit is `io.local`: with several instances (docs/cluster.md) each one feeds its own sockets
 * from the leader's shared essentials (stream-source.ts), and a patch numbered here must never
 * reach a socket of another instance, whose numbering differs.
 */
export function streamTicks(
  io: RealtimeServer,
  /** Unread counts by user id, for every user asked (platform/unread-counts.ts: two queries). */
  counts: (userIds: readonly string[]) => Promise<Map<string, UnreadCounts>>,
  logger: Logger,
): (shared: SharedStreamEssentials) => void {
  const users = new StreamUsers();
  let seq = 0;
  let shared: SharedStreamEssentials | null = null;
  let running = false;
  let waiting: SharedStreamEssentials | null = null;

  const readCounts = (userIds: string[]): Promise<Map<string, UnreadCounts>> =>
    userIds.length === 0
      ? Promise.resolve(new Map())
      : counts(userIds).catch((error: unknown) => {
          logger.warn(
            { err: error, users: userIds.length },
            'stream: unread counts failed; kept the last ones',
          );
          return new Map();
        });

  /** Sends the essentials whole, numbered `seq`, to these sockets of one user; they follow on. */
  const sendWhole = (userId: string, sockets: StreamSocket[]) => {
    const unread = users.counts(userId);
    if (!shared || !unread || sockets.length === 0) return;
    io.local.to(sockets.map((socket) => socket.id)).emit(ESSENTIALS_EVENT, {
      seq,
      essentials: withCounts(shared, unread),
    });
    users.following(userId, sockets);
  };

  const send = async (next: SharedStreamEssentials) => {
    const fresh = await readCounts(users.present());
    // From here on nothing awaits: no socket joins or leaves a room halfway through.
    const base = seq;
    const sharedPatch = shared
      ? diffObjects(shared as unknown as JsonObject, next as unknown as JsonObject)
      : null;
    seq += 1;
    shared = next;
    const patches = new Map<string, { patch: ObjectPatch; userIds: string[] }>();
    for (const userId of users.present()) {
      const before = users.counts(userId);
      const now = fresh.get(userId) ?? before;
      if (!now) continue;
      users.setCounts(userId, now);
      if (!before || !sharedPatch) continue;
      const changed = changedCounts(before, now);
      const key = JSON.stringify(changed);
      const group = patches.get(key) ?? { patch: withSet(sharedPatch, changed), userIds: [] };
      group.userIds.push(userId);
      patches.set(key, group);
    }
    for (const { patch, userIds } of patches.values()) {
      io.local.to(userIds.map(users.room)).emit(ESSENTIALS_PATCH_EVENT, { seq, base, ...patch });
    }
    for (const [userId, sockets] of users.notFollowing()) sendWhole(userId, sockets);
    users.forgetAbsent();
  };

  const tick = (essentials: SharedStreamEssentials) => {
    if (running) {
      waiting = essentials;
      return;
    }
    running = true;
    send(essentials)
      .catch((error: unknown) => logger.error({ err: error }, 'stream: a tick could not be sent'))
      .finally(() => {
        running = false;
        const next = waiting;
        waiting = null;
        if (next) tick(next);
      });
  };

  const connected = (socket: StreamSocket) => {
    const userId = socket.data.user.id;
    users.add(socket);
    let askedAt = -1;
    socket.on(ESSENTIALS_RESYNC_EVENT, () => {
      // Once per tick at most: a client cannot make the server encode the essentials at will.
      if (askedAt === seq) return;
      askedAt = seq;
      sendWhole(userId, [socket]);
    });
    if (!shared) return; // before the first tick: that tick sends them whole
    if (users.counts(userId)) {
      sendWhole(userId, [socket]);
      return;
    }
    void readCounts([userId]).then((read) => {
      const unread = read.get(userId);
      if (users.settled(socket)) return;
      if (unread && !users.counts(userId)) users.setCounts(userId, unread);
      sendWhole(userId, [socket]);
    });
  };
  // Sockets may have connected before the engine started (browsers reconnect as soon as the
  // server is back): they follow from the first tick.
  for (const socket of io.sockets.sockets.values()) connected(socket);
  io.on('connection', connected);

  return tick;
}

/** The counts that differ, by name. */
function changedCounts(before: UnreadCounts, now: UnreadCounts): Partial<UnreadCounts> {
  const changed: Partial<UnreadCounts> = {};
  if (before.unreadNotifications !== now.unreadNotifications)
    changed.unreadNotifications = now.unreadNotifications;
  if (before.unreadAPIErrors !== now.unreadAPIErrors) changed.unreadAPIErrors = now.unreadAPIErrors;
  return changed;
}

function withSet(patch: ObjectPatch, more: JsonObject): ObjectPatch {
  if (Object.keys(more).length === 0) return patch;
  return { ...patch, set: { ...patch.set, ...more } };
}
