/**
 * How failed passwords and one-time codes are throttled (docs/security.md, "Guessing"). Pure: the
 * counts live in guessing-guard.ts. Each failure is counted under one or more keys of a scope;
 * each scope has its own rule: the first `free` failures cost nothing, then the key is throttled
 * for `firstMs`, doubling with each further attempt up to `maxMs`; a count left alone for
 * FORGET_AFTER_MS starts again from zero. Attempts are counted when they start (so parallel
 * guesses cannot slip past), a refused attempt is not counted.
 *
 * Nothing here is a lock on the account: an attacker can only ever throttle scopes it can reach.
 * - `new-devices`: every sign-in and password update on the account from a device that never signed
 *   in to it (no device cookie), whatever its address. This is the attacker's budget: with
 *   unlimited addresses it gets `guessesPerDay(RULES['new-devices'])` = 38 guesses a day.
 * - `address`: the same attempts, per (account, address): one address is slowed down sooner and
 *   for shorter, before it spends much of the account's new-device budget.
 * - `device`: attempts from a device that signed in to the account before (its signed device
 *   cookie), counted for that device alone and never against `new-devices`: nobody without the
 *   cookie can slow it down.
 * - `session`: the one-time code of a guarded route inside a live session, counted for that
 *   session alone: sign-in guessing never refuses it, and it never counts against sign-in.
 */
export type GuardScope = 'new-devices' | 'address' | 'device' | 'session';

export interface ThrottleRule {
  /** Failures that cost nothing; the one that reaches this number starts the first throttle. */
  free: number;
  firstMs: number;
  maxMs: number;
}

const MINUTE_MS = 60_000;
export const FORGET_AFTER_MS = 24 * 60 * MINUTE_MS;

export const RULES: Readonly<Record<GuardScope, ThrottleRule>> = {
  // 10 at once, then 1, 2, 4 … 32 minutes, then one an hour: 38 a day (guessing-policy.test.ts).
  'new-devices': { free: 10, firstMs: MINUTE_MS, maxMs: 60 * MINUTE_MS },
  // Short: it slows one address (shared with the owner behind a NAT) and forgives soon.
  address: { free: 5, firstMs: MINUTE_MS, maxMs: 15 * MINUTE_MS },
  // A stolen device cookie or session gets 33 guesses a day, like the old per-account lock.
  device: { free: 5, firstMs: MINUTE_MS, maxMs: 60 * MINUTE_MS },
  session: { free: 5, firstMs: MINUTE_MS, maxMs: 60 * MINUTE_MS },
};

/** One key's count, as stored (features/accounts/guessing-guard.ts). */
export interface GuardState {
  /** Attempts since the last success (or since the count was forgotten). */
  attempts: number;
  /** Epoch ms until which attempts are refused; null when not throttled. */
  lockedUntil: number | null;
  /** Epoch ms of the latest counted attempt. */
  lastAttemptAt: number;
}

export type AttemptVerdict = { allowed: true; next: GuardState } | { allowed: false; lockedUntil: number };

/** How long a key is throttled once `attempts` attempts have been counted under `rule`. */
export function lockDurationMs(rule: ThrottleRule, attempts: number): number {
  if (attempts < rule.free) return 0;
  return Math.min(rule.firstMs * 2 ** (attempts - rule.free), rule.maxMs);
}

/** The count at `now`: null once forgotten (idle for FORGET_AFTER_MS, its throttle over). */
export function liveState(state: GuardState | undefined, now: number): GuardState | undefined {
  if (!state) return undefined;
  const throttled = state.lockedUntil !== null && now < state.lockedUntil;
  return throttled || now - state.lastAttemptAt <= FORGET_AFTER_MS ? state : undefined;
}

/** Whether an attempt at `now` may go ahead under `rule`, and the count it leaves (assuming it fails). */
export function beginAttempt(rule: ThrottleRule, state: GuardState | undefined, now: number): AttemptVerdict {
  if (state?.lockedUntil != null && now < state.lockedUntil) {
    return { allowed: false, lockedUntil: state.lockedUntil };
  }
  const attempts = (liveState(state, now)?.attempts ?? 0) + 1;
  const lock = lockDurationMs(rule, attempts);
  return { allowed: true, next: { attempts, lockedUntil: lock > 0 ? now + lock : null, lastAttemptAt: now } };
}

/**
 * After a success, the new-device count takes back the attempt it counted (a success never spends
 * the budget) but is not cleared: only time and root's unlock lift it, so the owner signing in does
 * not hand the attacker a fresh budget. A throttle that attempt started ends with it; one the
 * count still reaches stays. Other scopes are simply cleared by a success.
 */
export function withdrawAttempt(rule: ThrottleRule, state: GuardState): GuardState | undefined {
  const attempts = state.attempts - 1;
  if (attempts <= 0) return undefined;
  return {
    attempts,
    lockedUntil: attempts < rule.free ? null : state.lockedUntil,
    lastAttemptAt: state.lastAttemptAt,
  };
}

/**
 * Whether root should hear of this counted failure: when the scope's throttle first starts, then
 * every NOTICE_EVERY attempts more (about a day of the slowest pace), so a long attack is
 * reported again without flooding: at most 2 notices a day per key at 38 guesses a day.
 */
export const NOTICE_EVERY = 24;
export function noticeDue(rule: ThrottleRule, state: GuardState): boolean {
  const past = state.attempts - rule.free;
  return past >= 0 && past % NOTICE_EVERY === 0;
}

/**
 * Guesses an attacker gets on one key of `rule` in `spanMs` (a day by default), trying again the
 * moment each throttle ends and never succeeding.
 */
export function guessesPerDay(rule: ThrottleRule = RULES['new-devices'], spanMs = FORGET_AFTER_MS): number {
  let state: GuardState | undefined;
  let now = 0;
  let guesses = 0;
  while (now < spanMs) {
    const verdict = beginAttempt(rule, state, now);
    if (!verdict.allowed) {
      now = verdict.lockedUntil;
      continue;
    }
    guesses += 1;
    state = verdict.next;
    now += 1;
  }
  return guesses;
}
