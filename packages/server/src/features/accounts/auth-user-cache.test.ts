import { describe, expect, it } from 'vitest';
import { AUTH_USER_TTL_MS, AuthUserCache } from './auth-user-cache.js';

const alice = { id: 'a', nickname: 'alice', authority: 2 };

describe('AuthUserCache', () => {
  it('asks the database once per 2 s per user, and again after an invalidation', async () => {
    const cache = new AuthUserCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { ...alice, authority: loads };
    };
    expect(await cache.get('a', 0, load)).toMatchObject({ authority: 1 });
    expect(await cache.get('a', AUTH_USER_TTL_MS - 1, load)).toMatchObject({ authority: 1 });
    expect(loads).toBe(1);
    // At 2,000 ms the entry has lapsed: loaded again.
    expect(await cache.get('a', AUTH_USER_TTL_MS, load)).toMatchObject({ authority: 2 });
    cache.invalidate('a');
    expect(await cache.get('a', AUTH_USER_TTL_MS + 1, load)).toMatchObject({ authority: 3 });
    expect(loads).toBe(3);
  });

  it('does not remember an unknown user', async () => {
    const cache = new AuthUserCache();
    let loads = 0;
    const missing = async () => {
      loads += 1;
      return undefined;
    };
    expect(await cache.get('x', 0, missing)).toBeUndefined();
    expect(await cache.get('x', 1, missing)).toBeUndefined();
    expect(loads).toBe(2);
  });
});
