import { describe, expect, it } from 'vitest';
import { AUTH_USER_TTL_MS, AuthUserCache } from './auth-user-cache.js';

const alice = { id: 'a', nickname: 'alice', authority: 2 };

describe('AuthUserCache', () => {
  it('asks the database once per 2 s per session, and again after an invalidation', async () => {
    const cache = new AuthUserCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { ...alice, authority: loads };
    };
    expect(await cache.get('s1', 0, load)).toMatchObject({ authority: 1 });
    expect(await cache.get('s1', AUTH_USER_TTL_MS - 1, load)).toMatchObject({ authority: 1 });
    expect(loads).toBe(1);
    // At 2,000 ms the entry has lapsed: loaded again.
    expect(await cache.get('s1', AUTH_USER_TTL_MS, load)).toMatchObject({ authority: 2 });
    cache.invalidateUser('a');
    expect(await cache.get('s1', AUTH_USER_TTL_MS + 1, load)).toMatchObject({ authority: 3 });
    cache.invalidateSessions(['s1']);
    expect(await cache.get('s1', AUTH_USER_TTL_MS + 2, load)).toMatchObject({ authority: 4 });
    expect(loads).toBe(4);
  });

  it("forgets every session of a user, and only that user's", async () => {
    const cache = new AuthUserCache();
    const bob = { id: 'b', nickname: 'bob', authority: 1 };
    let loads = 0;
    const loadAs = (user: typeof alice) => async () => {
      loads += 1;
      return user;
    };
    await cache.get('a1', 0, loadAs(alice));
    await cache.get('a2', 0, loadAs(alice));
    await cache.get('b1', 0, loadAs(bob));
    cache.invalidateUser('a');
    await cache.get('a1', 1, loadAs(alice));
    await cache.get('a2', 1, loadAs(alice));
    await cache.get('b1', 1, loadAs(bob));
    // 3 first loads + the two of alice's sessions again; bob's stayed cached.
    expect(loads).toBe(5);
  });

  it('does not remember a session that is gone', async () => {
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
