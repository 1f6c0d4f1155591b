/**
 * Token renewal shared by the tabs of one browser (docs/web.md, Session). Every tab holds the
 * same refresh cookie, and each renews its access token on its own schedule; after a sleep, or
 * when several tabs open at once, they would all present the cookie together. The server
 * forgives that for a few seconds (its grace window), but one rotation serves them all:
 *
 * - Web Locks (`navigator.locks`): one tab renews at a time, the others wait for the lock;
 * - BroadcastChannel: the tab that renewed announces the access token, and a tab that asked
 *   while it waited takes that token instead of rotating the cookie again.
 *
 * A tab that gets the lock without having heard an announcement (none came, or it has not
 * arrived yet) renews itself, after the other's answer set the cookie: one rotation after
 * another, never two at once. Without Web Locks (plain HTTP on a LAN address is not a secure
 * context) each tab renews when it needs to, and the server's grace window keeps the session.
 */

/** The part of the Web Locks API used here (`navigator.locks`). */
export interface RefreshLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** The part of a BroadcastChannel used here. */
export interface RefreshChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** Runs one renewal (the request that trades the cookie for an access token). */
export type RefreshCoordinator = (renew: () => Promise<string>) => Promise<string>;

/** The lock's and the channel's name, per origin. */
export const REFRESH_COORDINATION_NAME = 'balancer-token-refresh';

const ANNOUNCEMENT = 'access-token';

/** Each renewal on its own (one tab, or no browser). */
export const renewAlone: RefreshCoordinator = (renew) => renew();

/** Renewals coordinated across tabs through `locks` and `channel` (either may be missing). */
export function refreshAcrossTabs(tabs: {
  locks?: RefreshLocks;
  channel?: RefreshChannel;
}): RefreshCoordinator {
  const { locks, channel } = tabs;
  let announcements = 0;
  let announced: string | null = null;
  channel?.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as { type?: unknown; token?: unknown } | null;
    if (message?.type !== ANNOUNCEMENT || typeof message.token !== 'string' || message.token === '') return;
    announced = message.token;
    announcements++;
  });
  return (renew) => {
    const heardBefore = announcements;
    const run = async () => {
      // Another tab renewed while this one waited: its token is fresh, and the cookie rotated.
      if (announcements !== heardBefore && announced) return announced;
      const token = await renew();
      channel?.postMessage({ type: ANNOUNCEMENT, token });
      return token;
    };
    return locks ? locks.request(REFRESH_COORDINATION_NAME, run) : run();
  };
}

/** This page's tabs: Web Locks and a BroadcastChannel where the browser has them. */
export function browserTabs(): { locks?: RefreshLocks; channel?: RefreshChannel } {
  const locks = (globalThis.navigator as { locks?: RefreshLocks } | undefined)?.locks;
  const channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(REFRESH_COORDINATION_NAME) : undefined;
  // Node's BroadcastChannel (the jsdom tests) would otherwise keep the process alive.
  (channel as { unref?: () => void } | undefined)?.unref?.();
  return { ...(locks ? { locks } : {}), ...(channel ? { channel } : {}) };
}
