import { expect, it } from 'vitest';
import { call } from '../features/accounts/test-support.js';
import { describeEachCluster } from '../testing/ready-cluster.js';
import { rateLimitRetention } from './rate-limit-sync.js';
import { RATE_TIERS, RATE_WINDOW_MS } from './route-spec.js';

// The strict tier (sign-in): 10 requests per address per 15 minutes, counted over both instances.
describeEachCluster('rate limits on two instances', (cluster) => {
  const signIn = (app: 'a' | 'b', ip: string) =>
    call(cluster()[app].app, { method: 'POST', url: '/auth/jwt/sign-in', ip, body: {} });
  const sync = async () => {
    const { a, b } = cluster();
    await a.services.rateLimits.flush();
    await b.services.rateLimits.flush();
    await a.services.rateLimits.flush();
  };

  it('counts an address over both instances once their counts are flushed', async () => {
    const { a, b } = cluster();
    a.services.rateLimits.track();
    b.services.rateLimits.track();
    expect(RATE_TIERS.strict).toBe(10);
    for (let i = 0; i < 6; i += 1) expect((await signIn('a', '10.200.0.1')).status).not.toBe(429);
    await sync();
    // B's count: its own 1 + A's 6.
    const seventh = await signIn('b', '10.200.0.1');
    expect(seventh.status).not.toBe(429);
    const remaining = await b.app.inject({
      method: 'POST',
      url: '/auth/jwt/sign-in',
      remoteAddress: '10.200.0.1',
      payload: {},
    });
    expect(remaining.headers['x-ratelimit-remaining']).toBe('2'); // 10 - (6 + 2)
    for (let i = 0; i < 2; i += 1) expect((await signIn('b', '10.200.0.1')).status).not.toBe(429);
    expect((await signIn('b', '10.200.0.1')).status).toBe(429); // 11th
    await sync();
    // A: its 6 + B's 5 (4 counted, 1 refused) = 12 > 10.
    expect((await signIn('a', '10.200.0.1')).status).toBe(429);
    // Another address is untouched on both.
    expect((await signIn('a', '10.200.0.2')).status).not.toBe(429);
    expect((await signIn('b', '10.200.0.2')).status).not.toBe(429);
  });

  it('keeps one row per route, address and instance, deleted when its window has ended', async () => {
    const { a } = cluster();
    await sync();
    const rows = () =>
      a.db
        .selectFrom('rate_limit_count')
        .select(['route', 'ip', 'instance', 'count'])
        .where('ip', '=', '10.200.0.1')
        .orderBy('instance')
        .execute();
    expect(await rows()).toEqual([
      // Each process's own row: `<instance>/<pid>`.
      { route: 'POST /auth/jwt/sign-in', ip: '10.200.0.1', instance: `a/${process.pid}`, count: 7 },
      { route: 'POST /auth/jwt/sign-in', ip: '10.200.0.1', instance: `b/${process.pid}`, count: 5 },
    ]);
    const now = a.services.clock.wallNow();
    await rateLimitRetention.apply(a.db, now + RATE_WINDOW_MS - 60_000);
    expect(await rows()).toHaveLength(2);
    await rateLimitRetention.apply(a.db, now + RATE_WINDOW_MS + 1);
    expect(await rows()).toEqual([]);
  });
});
