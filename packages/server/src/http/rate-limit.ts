import { CodedError } from '@balancer/core';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Keys (client addresses) each route's counter keeps; past this the oldest window goes. */
const MAX_KEYS = 5_000;

interface Counter {
  current: number;
  /** When this key's window began, epoch ms. */
  since: number;
}

/**
 * The per-address request counters of one route, on the platform's clock: a fixed window per key
 * that starts with the key's first request, at most `max` requests in it, the count starting again
 * once the window has passed (the rule of @fastify/rate-limit's local store, which this replaced:
 * its promise-per-request plumbing was a tenth of a cheap request's CPU). Tests replay days of
 * requests on a virtual clock through it (http/background-schedule.db.test.ts).
 *
 * The map holds keys in the order their windows began (a key is put back at the end only when its
 * window starts again), so a request within a window is one lookup and an increment, and past
 * MAX_KEYS the first key, the one whose window began longest ago, is the one that goes.
 */
export class RateCounters {
  private readonly counters = new Map<string, Counter>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Counts a request of `key`: its count in the current window and the ms left of that window. */
  hit(key: string): { current: number; ttl: number } {
    const at = this.now();
    let counter = this.counters.get(key);
    if (counter && counter.since + this.windowMs > at) {
      counter.current += 1;
    } else {
      if (counter) this.counters.delete(key);
      counter = { current: 1, since: at };
      this.counters.set(key, counter);
      if (this.counters.size > MAX_KEYS) this.counters.delete(this.counters.keys().next().value ?? '');
    }
    return { current: counter.current, ttl: counter.since + this.windowMs - at };
  }
}

/**
 * A route's rate limit as a callback onRequest hook: `max` requests per client address per
 * window. Every answer carries x-ratelimit-limit, -remaining and -reset (seconds); past the limit
 * the request is refused with RATE_LIMITED (HTTP 429, envelope) and retry-after.
 */
export function rateLimitHook(max: number, windowMs: number, now: () => number) {
  const counters = new RateCounters(windowMs, now);
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    const { current, ttl } = counters.hit(request.ip);
    const seconds = Math.ceil(ttl / 1000);
    reply.header('x-ratelimit-limit', max);
    reply.header('x-ratelimit-remaining', Math.max(0, max - current));
    reply.header('x-ratelimit-reset', seconds);
    if (current <= max) {
      done();
      return;
    }
    reply.header('retry-after', seconds);
    done(new CodedError('RATE_LIMITED', `try again in ${seconds} s`));
  };
}
