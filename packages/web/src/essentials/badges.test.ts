import { describe, expect, it } from 'vitest';
import { allowed, updateBadgeCount } from './index';

describe('updateBadgeCount (Platform update)', () => {
  it('is 0 for none, 1 when one part is behind, 2 for BOTH', () => {
    expect([null, undefined, 'GUI', 'API', 'BOTH'].map((u) => updateBadgeCount(u as never))).toEqual([
      0, 0, 1, 1, 2,
    ]);
  });
});

describe('allowed', () => {
  it('needs 1 for the dashboard, 2 for positions/server/adjustments/IP blacklist, 5 for users', () => {
    expect(allowed(1, 'dashboard')).toBe(true);
    for (const screen of ['positions', 'server', 'adjustments', 'ipBlacklist'] as const) {
      expect([allowed(1, screen), allowed(2, screen)]).toEqual([false, true]);
    }
    expect([allowed(4, 'users'), allowed(5, 'users')]).toEqual([false, true]);
    expect(allowed(undefined, 'dashboard')).toBe(false);
  });
});
