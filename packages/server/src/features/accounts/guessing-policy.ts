/**
 * The per-account limit on guessing passwords and one-time codes, whatever address the guesses
 * come from (per-IP rate limits alone let an attacker with many addresses try ~1,000 codes per
 * 15 minutes). Every attempt on an account (sign-in, password update, the one-time code of a
 * guarded route) is counted when it starts, so parallel guesses cannot slip past the lock; a
 * success forgets the count. The first FREE_ATTEMPTS failures cost nothing; from then on the
 * account is locked for FIRST_LOCK_MS, doubling with each further attempt up to MAX_LOCK_MS.
 * A count left alone for FORGET_AFTER_MS starts again from zero.
 *
 * With these numbers an attacker with unlimited addresses gets at most 33 guesses a day on one
 * account (5 at once, 5 more while the lock grows from 1 to 16 min, then one an hour):
 * `guessesPerDay()`.
 */
export const FREE_ATTEMPTS = 5;
export const FIRST_LOCK_MS = 60_000;
export const MAX_LOCK_MS = 60 * 60_000;
export const FORGET_AFTER_MS = 24 * 60 * 60_000;

/** One account's count, as stored (features/accounts/guessing-guard.ts). */
export interface GuardState {
  /** Attempts since the last success (or since the count was forgotten). */
  attempts: number;
  /** Epoch ms until which attempts are refused; null when not locked. */
  lockedUntil: number | null;
  /** Epoch ms of the latest counted attempt. */
  lastAttemptAt: number;
}

export type AttemptVerdict = { allowed: true; next: GuardState } | { allowed: false; lockedUntil: number };

/** How long the account is locked once `attempts` attempts have been counted. */
export function lockDurationMs(attempts: number): number {
  if (attempts < FREE_ATTEMPTS) return 0;
  return Math.min(FIRST_LOCK_MS * 2 ** (attempts - FREE_ATTEMPTS), MAX_LOCK_MS);
}

/** Whether an attempt at `now` may go ahead, and the count it leaves (assuming it fails). */
export function beginAttempt(state: GuardState | undefined, now: number): AttemptVerdict {
  if (state?.lockedUntil != null && now < state.lockedUntil) {
    return { allowed: false, lockedUntil: state.lockedUntil };
  }
  const previous = state && now - state.lastAttemptAt <= FORGET_AFTER_MS ? state.attempts : 0;
  const attempts = previous + 1;
  const lock = lockDurationMs(attempts);
  return { allowed: true, next: { attempts, lockedUntil: lock > 0 ? now + lock : null, lastAttemptAt: now } };
}

/** Whether this failed attempt is the one that first locked the account (root is told then). */
export function lockedJustNow(state: GuardState): boolean {
  return state.attempts === FREE_ATTEMPTS;
}

/**
 * Guesses an attacker with unlimited addresses gets on one account in `spanMs` (a day by
 * default), trying again the moment each lock ends and never succeeding.
 */
export function guessesPerDay(spanMs = FORGET_AFTER_MS): number {
  let state: GuardState | undefined;
  let now = 0;
  let guesses = 0;
  while (now < spanMs) {
    const verdict = beginAttempt(state, now);
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
