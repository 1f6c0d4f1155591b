import { parseCodedMessage } from '@balancer/core';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { useEnvelopeErrors } from '../plugins/envelope.js';
import { RateCounters, rateLimitHook } from './rate-limit.js';

describe('RateCounters', () => {
  it('counts per key in a fixed window from the first request, then starts again', () => {
    let now = 1_000;
    const counters = new RateCounters(60_000, () => now);
    expect(counters.hit('a')).toEqual({ current: 1, ttl: 60_000 });
    now += 59_000;
    expect(counters.hit('a')).toEqual({ current: 2, ttl: 1_000 });
    expect(counters.hit('b')).toEqual({ current: 1, ttl: 60_000 });
    now += 1_000;
    expect(counters.hit('a')).toEqual({ current: 1, ttl: 60_000 });
  });

  it('past 5,000 keys forgets the key whose window began longest ago', () => {
    let now = 0;
    const counters = new RateCounters(60_000, () => now);
    counters.hit('first');
    counters.hit('second');
    for (let key = 0; key < 4_998; key++) counters.hit(`k${key}`);
    now += 1_000;
    expect(counters.hit('second')).toEqual({ current: 2, ttl: 59_000 });
    // The 5,001st key: 'first' goes, though 'second' was counted more recently than the others.
    counters.hit('one-more');
    expect(counters.hit('second')).toEqual({ current: 3, ttl: 59_000 });
    expect(counters.hit('k4997')).toEqual({ current: 2, ttl: 59_000 });
    expect(counters.hit('first')).toEqual({ current: 1, ttl: 60_000 });
  });
});

describe('RateCounters shared with other instances', () => {
  it("adds the other instances' counts until each one's window ends", () => {
    let now = 0;
    const counters = new RateCounters(60_000, () => now);
    counters.setRemote('a', 'b', 5, 30_000);
    counters.setRemote('a', 'c', 2, 50_000);
    expect(counters.hit('a')).toEqual({ current: 8, ttl: 60_000 }); // 1 + 5 + 2
    now = 30_000;
    expect(counters.hit('a')).toEqual({ current: 4, ttl: 30_000 }); // 2 + c's 2; b's window ended
    now = 50_000;
    expect(counters.hit('a')).toEqual({ current: 3, ttl: 10_000 });
    expect(counters.hit('z').current).toBe(1);
  });

  it('lists the keys counted since the last flush with their local counts, once tracking', () => {
    const now = 1_000;
    const counters = new RateCounters(60_000, () => now);
    counters.hit('a');
    expect(counters.takeChanged()).toEqual([]);
    counters.track();
    counters.hit('a');
    counters.hit('b');
    counters.setRemote('b', 'other', 9, 61_000);
    expect(counters.takeChanged()).toEqual([
      { key: 'a', since: 1_000, count: 2 },
      { key: 'b', since: 1_000, count: 1 },
    ]);
    expect(counters.takeChanged()).toEqual([]);
    counters.markChanged('a');
    expect(counters.takeChanged()).toEqual([{ key: 'a', since: 1_000, count: 2 }]);
  });
});

describe('rateLimitHook', () => {
  async function app(now: () => number) {
    const fastify = Fastify();
    useEnvelopeErrors(fastify as never);
    fastify.get('/x', { onRequest: rateLimitHook(2, 60_000, now) }, async () => ({
      data: 'ok',
      error: null,
    }));
    await fastify.ready();
    return fastify;
  }

  it('answers within the limit with the limit headers, past it 429 with code 6003 and retry-after', async () => {
    let now = 0;
    const fastify = await app(() => now);
    const call = (ip = '10.0.0.1') => fastify.inject({ method: 'GET', url: '/x', remoteAddress: ip });
    const first = await call();
    expect(first.statusCode).toBe(200);
    expect(first.headers).toMatchObject({
      'x-ratelimit-limit': '2',
      'x-ratelimit-remaining': '1',
      'x-ratelimit-reset': '60',
    });
    expect((await call()).headers['x-ratelimit-remaining']).toBe('0');
    now = 15_000;
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(parseCodedMessage(refused.json().error).code).toBe(6003);
    expect(refused.headers['retry-after']).toBe('45');
    // Another address has its own count; the window's end lets the first one in again.
    expect((await call('10.0.0.2')).statusCode).toBe(200);
    now = 60_000;
    expect((await call()).statusCode).toBe(200);
    await fastify.close();
  });
});
