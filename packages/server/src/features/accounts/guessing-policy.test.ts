import { describe, expect, it } from 'vitest';
import { credentialKeys, type GuardKey, parseKey, sessionKey } from './guard-keys.js';
import {
  beginAttempt,
  FORGET_AFTER_MS,
  type GuardScope,
  type GuardState,
  guessesPerDay,
  lockDurationMs,
  noticeDue,
  RULES,
  withdrawAttempt,
} from './guessing-policy.js';

const MIN = 60_000;
const SCOPES: GuardScope[] = ['new-devices', 'address', 'device', 'session'];

/** Counts `n` failed attempts of `scope`, each at `at` (all allowed), from `state`. */
function fail(scope: GuardScope, n: number, at: number, state?: GuardState): GuardState | undefined {
  let current = state;
  for (let i = 0; i < n; i += 1) {
    const verdict = beginAttempt(RULES[scope], current, at);
    if (!verdict.allowed) throw new Error(`attempt ${i + 1} was refused`);
    current = verdict.next;
  }
  return current;
}

/**
 * Plays the guard as guessing-guard.ts does on stored counts: an attempt goes ahead only when every
 * one of its keys allows it, and then counts under all of them.
 */
class Counts {
  readonly states = new Map<string, GuardState>();
  attempt(keys: GuardKey[], now: number): { allowed: true } | { allowed: false; until: number } {
    const verdicts = keys.map((key) => ({
      key,
      verdict: beginAttempt(RULES[key.scope], this.states.get(key.key), now),
    }));
    const refused = verdicts.flatMap(({ verdict }) => (verdict.allowed ? [] : [verdict.lockedUntil]));
    if (refused.length > 0) return { allowed: false, until: Math.max(...refused) };
    for (const { key, verdict } of verdicts) if (verdict.allowed) this.states.set(key.key, verdict.next);
    return { allowed: true };
  }
}

/** An attacker without a device cookie guessing on one account for a day from `addresses` addresses. */
function attackerGuesses(addresses: number): number {
  const counts = new Counts();
  let now = 0;
  let guesses = 0;
  while (now < FORGET_AFTER_MS) {
    const tried = Array.from({ length: addresses }, (_, i) =>
      counts.attempt(credentialKeys({ userId: 'root' }, `198.51.100.${i}`, null), now),
    );
    const allowed = tried.filter((outcome) => outcome.allowed).length;
    guesses += allowed;
    if (allowed > 0) now += 1;
    else now = Math.min(...tried.map((outcome) => (outcome.allowed ? now : outcome.until)));
  }
  return guesses;
}

describe('the guessing throttles (pure policy)', () => {
  it('lets each scope’s free attempts through and throttles from the last free one', () => {
    for (const scope of SCOPES) {
      const { free } = RULES[scope];
      const almost = fail(scope, free - 1, 1_000);
      expect(almost).toEqual({ attempts: free - 1, lockedUntil: null, lastAttemptAt: 1_000 });
      const last = fail(scope, 1, 1_000, almost);
      // The last free attempt starts a 1-minute throttle: 1,000 + 60,000.
      expect(last).toEqual({ attempts: free, lockedUntil: 61_000, lastAttemptAt: 1_000 });
      expect(beginAttempt(RULES[scope], last, 60_999)).toEqual({ allowed: false, lockedUntil: 61_000 });
      expect(beginAttempt(RULES[scope], last, 61_000)).toMatchObject({
        allowed: true,
        next: { attempts: free + 1 },
      });
    }
  });

  it('doubles the throttle with each further attempt, up to each scope’s maximum', () => {
    const minutes = (scope: GuardScope) =>
      Array.from({ length: 9 }, (_, i) => lockDurationMs(RULES[scope], RULES[scope].free - 1 + i) / MIN);
    expect(minutes('new-devices')).toEqual([0, 1, 2, 4, 8, 16, 32, 60, 60]);
    expect(minutes('address')).toEqual([0, 1, 2, 4, 8, 15, 15, 15, 15]);
    expect(minutes('device')).toEqual([0, 1, 2, 4, 8, 16, 32, 60, 60]);
    expect(minutes('session')).toEqual([0, 1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it('refuses attempts while throttled without counting them, and forgets a count left alone for a day', () => {
    const throttled = fail('session', 5, 0);
    for (const at of [0, 1, 59_999]) expect(beginAttempt(RULES.session, throttled, at).allowed).toBe(false);
    const three = fail('address', 3, 0);
    expect(beginAttempt(RULES.address, three, FORGET_AFTER_MS)).toMatchObject({ next: { attempts: 4 } });
    expect(beginAttempt(RULES.address, three, FORGET_AFTER_MS + 1)).toMatchObject({ next: { attempts: 1 } });
  });

  it('gives an attacker without a device cookie at most 38 guesses a day on one account, whatever its addresses', () => {
    // New devices: attempts 1–10 at once (the 10th throttles 1 min); 11–15 after throttles of 1, 2,
    // 4, 8, 16 min (at 1, 3, 7, 15, 31 min; the 15th throttles 32); the 16th at 63 min throttles an
    // hour, as does every later one: 63 + 60k < 1440 for k = 0…22, 23 attempts. 10 + 5 + 23 = 38.
    expect(guessesPerDay(RULES['new-devices'])).toBe(38);
    for (const addresses of [1, 2, 10, 1000]) expect(attackerGuesses(addresses)).toBeLessThanOrEqual(38);
    expect(attackerGuesses(1000)).toBe(38);
    // One address alone is slowed down sooner: its 5th failure throttles it for a minute.
    expect(attackerGuesses(1)).toBeLessThan(38);
    // A stolen device cookie or session is one key of its own: 5, 5 more while the throttle grows to
    // 16 min, then one an hour: 5 + 5 + 23 = 33.
    expect(guessesPerDay(RULES.device)).toBe(33);
    expect(guessesPerDay(RULES.session)).toBe(33);
  });

  it('never lets guessing without the cookie, or at sign-in, reach a known device or a session', () => {
    const counts = new Counts();
    for (let i = 0; i < 500; i += 1)
      counts.attempt(credentialKeys({ userId: 'root' }, `203.0.113.${i % 50}`, null), 0);
    const touched = [...counts.states.keys()];
    expect(touched).toContain('user:root/new-devices');
    expect(touched.some((key) => key.includes('/device/') || key.includes('/session/'))).toBe(false);
    // So the owner's known device and open session start from nothing, however long the attack.
    expect(
      counts.attempt(credentialKeys({ userId: 'root' }, '203.0.113.1', 'known-device-id-000000'), 0),
    ).toEqual({
      allowed: true,
    });
    expect(counts.attempt([sessionKey('root', 'session-1')], 0)).toEqual({ allowed: true });
    // And an unknown nickname is counted exactly like an account (same scopes, its own keys).
    expect(credentialKeys({ unknownNickname: 'Nobody' }, '192.0.2.9', null)).toEqual([
      { scope: 'new-devices', key: 'nickname:nobody/new-devices' },
      { scope: 'address', key: 'nickname:nobody/address/192.0.2.9' },
    ]);
  });

  it('takes a successful attempt back from the new-device count without clearing it', () => {
    const rule = RULES['new-devices'];
    // The owner's success was the 1st attempt: nothing left.
    expect(withdrawAttempt(rule, { attempts: 1, lockedUntil: null, lastAttemptAt: 5 })).toBeUndefined();
    // The owner's success was the 10th, which started a throttle: 9 left, no throttle.
    expect(withdrawAttempt(rule, { attempts: 10, lockedUntil: 60_005, lastAttemptAt: 5 })).toEqual({
      attempts: 9,
      lockedUntil: null,
      lastAttemptAt: 5,
    });
    // An attacker's 11 failures stay counted and throttled after the owner's success.
    expect(withdrawAttempt(rule, { attempts: 12, lockedUntil: 240_005, lastAttemptAt: 5 })).toEqual({
      attempts: 11,
      lockedUntil: 240_005,
      lastAttemptAt: 5,
    });
  });

  it('reads its keys back', () => {
    expect(parseKey('user:abc/address/2001:db8::1')).toEqual({
      userId: 'abc',
      scope: 'address',
      detail: '2001:db8::1',
    });
    expect(parseKey('user:abc/new-devices')).toEqual({ userId: 'abc', scope: 'new-devices', detail: null });
    expect(parseKey('nickname:x/new-devices')).toBeNull();
    expect(parseKey('user:abc')).toBeNull();
  });

  it('tells root when a throttle starts and then every 24 failures, never more', () => {
    const due = (scope: GuardScope) =>
      Array.from({ length: 80 }, (_, i) => i + 1).filter((attempts) =>
        noticeDue(RULES[scope], { attempts, lockedUntil: 1, lastAttemptAt: 0 }),
      );
    expect(due('new-devices')).toEqual([10, 34, 58]);
    expect(due('session')).toEqual([5, 29, 53, 77]);
    // At 38 guesses a day: the 10th and the 34th, two notices a day at most.
    expect(due('new-devices').filter((attempts) => attempts <= 38)).toHaveLength(2);
  });
});
