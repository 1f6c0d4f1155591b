import { type AccountGuardState, GUARD_THROTTLES_LISTED, type GuardThrottle } from '@balancer/core';
import { type GuardScope, type GuardState, liveState } from './guessing-policy.js';

/** An account with nothing counted. */
export const NO_THROTTLES: AccountGuardState = {
  failedAttempts: 0,
  newDevicesThrottledUntil: null,
  throttles: [],
};

/** The order throttles are listed in (after the throttled-first rule): the account-wide one first. */
const SCOPE_ORDER: GuardScope[] = ['new-devices', 'session', 'device', 'address'];

/** One stored count read back (guessing-guard.ts). */
export interface StoredCount {
  userId: string;
  scope: GuardScope;
  detail: string | null;
  state: GuardState;
}

function throttledUntil(state: GuardState, now: number): number | null {
  return state.lockedUntil !== null && state.lockedUntil > now ? state.lockedUntil : null;
}

/**
 * What root's Users screen shows per account at `now`: the live counts (forgotten ones left out),
 * throttled first, then by scope (new devices, sessions, devices, addresses), then the latest, at most GUARD_THROTTLES_LISTED. `failedAttempts` adds new
 * devices, known devices and sessions; an address's count is part of the new devices' one.
 * A device's id is not shown (it only names a cookie); an address and a session id are.
 */
export function toGuardStates(counts: readonly StoredCount[], now: number): Map<string, AccountGuardState> {
  const byUser = new Map<string, StoredCount[]>();
  for (const count of counts) {
    if (!liveState(count.state, now)) continue;
    byUser.set(count.userId, [...(byUser.get(count.userId) ?? []), count]);
  }
  const states = new Map<string, AccountGuardState>();
  for (const [userId, live] of byUser) {
    const throttles: GuardThrottle[] = live
      .map((count) => ({ count, until: throttledUntil(count.state, now) }))
      .sort(
        (a, b) =>
          Number(b.until !== null) - Number(a.until !== null) ||
          SCOPE_ORDER.indexOf(a.count.scope) - SCOPE_ORDER.indexOf(b.count.scope) ||
          b.count.state.lastAttemptAt - a.count.state.lastAttemptAt,
      )
      .slice(0, GUARD_THROTTLES_LISTED)
      .map(({ count, until }) => ({
        scope: count.scope,
        detail: count.scope === 'address' || count.scope === 'session' ? count.detail : null,
        failedAttempts: count.state.attempts,
        throttledUntil: until,
      }));
    const newDevices = live.find((count) => count.scope === 'new-devices');
    states.set(userId, {
      failedAttempts: live
        .filter((count) => count.scope !== 'address')
        .reduce((sum, count) => sum + count.state.attempts, 0),
      newDevicesThrottledUntil: newDevices ? throttledUntil(newDevices.state, now) : null,
      throttles,
    });
  }
  return states;
}
