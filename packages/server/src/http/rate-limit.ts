import { CodedError } from '@balancer/core';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Keys (client addresses) each route's counter keeps; past this the oldest window goes. */
const MAX_KEYS = 5_000;

interface Counter {
  current: number;
  /** When this key's window began, epoch ms. */
  since: number;
}

/** Another instance's count of a key, good until its window ends (epoch ms). */
interface RemoteCount {
  count: number;
  until: number;
}

/** A key's local count as the shared store keeps it (http/rate-limit-sync.ts). */
export interface LocalCount {
  key: string;
  since: number;
  count: number;
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
 *
 * Several instances on one PostgreSQL (http/rate-limit-sync.ts): a key's count is this instance's
 * plus the other instances' counts last pulled from the shared table (each until its own window
 * ends), so the request path stays synchronous and the shared part lags by about a flush.
 */
export class RateCounters {
  private readonly counters = new Map<string, Counter>();
  /** Other instances' counts by key, then by instance; empty on a single instance. */
  private readonly remote = new Map<string, Map<string, RemoteCount>>();
  /** Keys counted since the last `takeChanged`, once shared (null: not tracked). */
  private changed: Set<string> | null = null;

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
    this.changed?.add(key);
    const others = this.remote.size === 0 ? 0 : this.remoteCount(key, at);
    return { current: counter.current + others, ttl: counter.since + this.windowMs - at };
  }

  /** Starts keeping the keys counted between two `takeChanged` calls (the shared store's flush). */
  track(): void {
    this.changed ??= new Set();
  }

  /** This instance's counts of the keys counted since the last call. */
  takeChanged(): LocalCount[] {
    if (!this.changed || this.changed.size === 0) return [];
    const counts: LocalCount[] = [];
    for (const key of this.changed) {
      const counter = this.counters.get(key);
      if (counter) counts.push({ key, since: counter.since, count: counter.current });
    }
    this.changed.clear();
    return counts;
  }

  /** Keeps `key` for the next `takeChanged` (its flush failed). */
  markChanged(key: string): void {
    this.changed?.add(key);
  }

  /** Another instance's count of `key` in its window, which ends at `until` (epoch ms). */
  setRemote(key: string, instance: string, count: number, until: number): void {
    let byInstance = this.remote.get(key);
    if (!byInstance) {
      byInstance = new Map();
      this.remote.set(key, byInstance);
      if (this.remote.size > MAX_KEYS) this.remote.delete(this.remote.keys().next().value ?? '');
    }
    byInstance.set(instance, { count, until });
  }

  private remoteCount(key: string, at: number): number {
    const byInstance = this.remote.get(key);
    if (!byInstance) return 0;
    let sum = 0;
    for (const [instance, entry] of byInstance) {
      if (entry.until > at) sum += entry.count;
      else byInstance.delete(instance);
    }
    if (byInstance.size === 0) this.remote.delete(key);
    return sum;
  }
}

/**
 * A route's rate limit as a callback onRequest hook: `max` requests per client address per
 * window. Every answer carries x-ratelimit-limit, -remaining and -reset (seconds); past the limit
 * the request is refused with RATE_LIMITED (HTTP 429, envelope) and retry-after.
 */
export function rateLimitHook(
  max: number,
  windowMs: number,
  now: () => number,
  /** Shares the route's counters with the other instances (RateLimitSync.register). */
  share?: (counters: RateCounters) => void,
) {
  const counters = new RateCounters(windowMs, now);
  share?.(counters);
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
