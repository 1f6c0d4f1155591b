import { describe, expect, it } from 'vitest';
import { FORGET_AFTER_MS } from './guessing-policy.js';
import { type StoredCount, toGuardStates } from './throttle-states.js';

const NOW = 1_700_000_000_000;
const count = (
  scope: StoredCount['scope'],
  detail: string | null,
  attempts: number,
  lockedUntil: number | null,
  lastAttemptAt = NOW,
): StoredCount => ({
  userId: 'u1',
  scope,
  detail,
  state: { attempts, lockedUntil, lastAttemptAt },
});

describe("the Users screen's view of the throttles", () => {
  it('shows every live count, throttled ones first, and adds up new devices, devices and sessions', () => {
    const states = toGuardStates(
      [
        count('address', '198.51.100.1', 5, NOW + 60_000),
        count('new-devices', null, 12, NOW + 240_000),
        count('session', 's1', 2, null, NOW - 5),
        count('device', 'secret-ish-device-id', 1, null),
        // Forgotten: idle for more than a day, its throttle over.
        count('session', 's0', 9, NOW - FORGET_AFTER_MS, NOW - FORGET_AFTER_MS - 1),
      ],
      NOW,
    );
    expect(states.get('u1')).toEqual({
      // 12 + 2 + 1: an address's count is part of the new devices' one.
      failedAttempts: 15,
      newDevicesThrottledUntil: NOW + 240_000,
      throttles: [
        { scope: 'new-devices', detail: null, failedAttempts: 12, throttledUntil: NOW + 240_000 },
        { scope: 'address', detail: '198.51.100.1', failedAttempts: 5, throttledUntil: NOW + 60_000 },
        { scope: 'session', detail: 's1', failedAttempts: 2, throttledUntil: null },
        { scope: 'device', detail: null, failedAttempts: 1, throttledUntil: null },
      ],
    });
  });

  it('lists at most 10 counts and leaves accounts without live ones out', () => {
    const many = Array.from({ length: 30 }, (_, i) => count('address', `203.0.113.${i}`, 1, null, NOW - i));
    expect(toGuardStates(many, NOW).get('u1')?.throttles).toHaveLength(10);
    expect(toGuardStates([count('session', 's', 3, null, NOW - FORGET_AFTER_MS - 1)], NOW).size).toBe(0);
  });
});
