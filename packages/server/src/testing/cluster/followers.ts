import {
  applyObjectPatch,
  ESSENTIALS_EVENT,
  ESSENTIALS_PATCH_EVENT,
  ESSENTIALS_RESYNC_EVENT,
  type JsonObject,
  type ObjectPatch,
} from '@balancer/core';
import type { Socket } from 'socket.io-client';
import { streamSocket } from '../stream-client.js';

/** One stream client as the web app follows it: the whole essentials, then the patches. */
export interface Follower {
  readonly socket: Socket;
  /** The essentials as of the last event, or null before the first whole one. */
  essentials: JsonObject | null;
  /** The market time of every tick this client has followed, in order. */
  readonly ticks: number[];
  /** Per tick followed: the receive time − the tick's time, ms (one clock: the rig's machine). */
  readonly latencies: number[];
  /** Patches that did not follow on (a resync was asked for each). */
  gaps: number;
}

/**
 * Opens `count` websocket clients to `url` with the refresh cookie (`name=value`), each following
 * the essentials as the browser does (a patch whose base is not the last seq asks for a resync).
 * Resolves once every client has had its whole essentials.
 */
export async function followStream(url: string, cookie: string, count: number): Promise<Follower[]> {
  const followers = Array.from({ length: count }, () => follow(url, cookie));
  await Promise.all(followers.map(({ first }) => first));
  return followers.map(({ follower }) => follower);
}

function follow(url: string, cookie: string): { follower: Follower; first: Promise<void> } {
  // `cookie` is the refresh cookie as a client sends it (`name=value`); streamSocket names it itself.
  const socket = streamSocket(url, decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)));
  const follower: Follower = { socket, essentials: null, ticks: [], latencies: [], gaps: 0 };
  let seq = -1;
  const tick = () => {
    const time = follower.essentials?.time;
    if (typeof time !== 'number' || follower.ticks.at(-1) === time) return;
    follower.ticks.push(time);
    follower.latencies.push(Date.now() - time);
  };
  const first = new Promise<void>((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.on(ESSENTIALS_EVENT, (event: { seq: number; essentials: JsonObject }) => {
      seq = event.seq;
      follower.essentials = event.essentials;
      tick();
      resolve();
    });
  });
  socket.on(ESSENTIALS_PATCH_EVENT, (event: ObjectPatch & { seq: number; base: number }) => {
    if (!follower.essentials || event.base !== seq) {
      follower.gaps += 1;
      socket.emit(ESSENTIALS_RESYNC_EVENT);
      return;
    }
    seq = event.seq;
    follower.essentials = applyObjectPatch(follower.essentials, event);
    tick();
  });
  return { follower, first };
}

/** The ticks every follower should have had: those any of them had between `from` and `to`. */
export function missedTicks(followers: readonly Follower[], from: number, to: number): number {
  const all = new Set<number>();
  for (const follower of followers)
    for (const time of follower.ticks) if (time > from && time <= to) all.add(time);
  let missed = 0;
  for (const follower of followers) {
    const had = new Set(follower.ticks);
    for (const time of all) if (!had.has(time)) missed += 1;
  }
  return missed;
}

export function closeAll(followers: readonly Follower[]): void {
  for (const follower of followers) follower.socket.close();
}
