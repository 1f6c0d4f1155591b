import { describe, expect, it } from 'vitest';
import {
  beginAttempt,
  FORGET_AFTER_MS,
  FREE_ATTEMPTS,
  type GuardState,
  guessesPerDay,
  lockDurationMs,
  lockedJustNow,
} from './guessing-policy.js';

/** Counts `n` failed attempts, each at `at` (all allowed), from `state`. */
function fail(n: number, at: number, state?: GuardState): GuardState | undefined {
  let current = state;
  for (let i = 0; i < n; i += 1) {
    const verdict = beginAttempt(current, at);
    if (!verdict.allowed) throw new Error(`attempt ${i + 1} was refused`);
    current = verdict.next;
  }
  return current;
}

describe('the per-account guessing limit', () => {
  it('lets the first five attempts through and locks on the fifth', () => {
    const four = fail(4, 1_000);
    expect(four).toEqual({ attempts: 4, lockedUntil: null, lastAttemptAt: 1_000 });
    const fifth = fail(1, 1_000, four);
    // The fifth attempt starts a 1-minute lock: 1,000 + 60,000.
    expect(fifth).toEqual({ attempts: 5, lockedUntil: 61_000, lastAttemptAt: 1_000 });
    expect(fifth && lockedJustNow(fifth)).toBe(true);
    expect(beginAttempt(fifth, 60_999)).toEqual({ allowed: false, lockedUntil: 61_000 });
  });

  it('doubles the lock with each further attempt, up to an hour', () => {
    expect([4, 5, 6, 7, 8, 9, 10, 11, 12, 50].map(lockDurationMs)).toEqual([
      0, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
    const sixth = beginAttempt(fail(5, 0), 61_000);
    // Attempt 6 at 61 s locks for 2 min: 61,000 + 120,000.
    expect(sixth).toEqual({
      allowed: true,
      next: { attempts: 6, lockedUntil: 181_000, lastAttemptAt: 61_000 },
    });
  });

  it('refuses attempts while locked without counting them', () => {
    const locked = fail(FREE_ATTEMPTS, 0);
    for (const at of [0, 1, 59_999]) expect(beginAttempt(locked, at).allowed).toBe(false);
    expect(beginAttempt(locked, 60_000)).toMatchObject({ allowed: true, next: { attempts: 6 } });
  });

  it('forgets a count left alone for a day', () => {
    const three = fail(3, 0);
    expect(beginAttempt(three, FORGET_AFTER_MS)).toMatchObject({ next: { attempts: 4 } });
    expect(beginAttempt(three, FORGET_AFTER_MS + 1)).toMatchObject({ next: { attempts: 1 } });
  });

  it('allows at most 33 guesses a day to an attacker with unlimited addresses (target ≤ 100)', () => {
    // Attempts 1–5 at once (the 5th locks); attempts 6–10 after locks of 1, 2, 4, 8, 16 min; the
    // 11th at 63 min locks for an hour, as does every later one: 63 + 60k < 1440 for k = 0…22,
    // 23 attempts. 5 + 5 + 23 = 33.
    expect(guessesPerDay()).toBe(33);
  });
});
