/** Keys (client addresses) each route's counter keeps; past this the least recently seen goes. */
const MAX_KEYS = 5_000;

interface Counter {
  current: number;
  /** When this key's window began, epoch ms. */
  since: number;
}
type Answer = (error: Error | null, result: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store on the platform's clock (its own reads the system time), with the same
 * rule as its local store: a fixed window per key that starts with the key's first request, at
 * most `max` requests in it, the count starting again once `timeWindow` has passed. One counter
 * per route (`child`), so the limits of two routes never mix. Tests replay days of requests on a
 * virtual clock through it (http/client-schedule.db.test.ts).
 */
export class ClockedRateLimitStore {
  private readonly counters = new Map<string, Counter>();

  constructor(private readonly now: () => number) {}

  incr(key: string, answer: Answer, timeWindow: number): void {
    const at = this.now();
    let counter = this.counters.get(key);
    if (counter && counter.since + timeWindow > at) {
      counter.current += 1;
      // Most recently seen last: the first key is the one to evict.
      this.counters.delete(key);
    } else {
      counter = { current: 1, since: at };
    }
    this.counters.set(key, counter);
    if (this.counters.size > MAX_KEYS) this.counters.delete(this.counters.keys().next().value ?? '');
    answer(null, { current: counter.current, ttl: counter.since + timeWindow - at });
  }

  child(): ClockedRateLimitStore {
    return new ClockedRateLimitStore(this.now);
  }
}

/** The store class @fastify/rate-limit builds (`new Store(options)`), on `now`. */
export function clockedRateLimitStore(now: () => number): new () => ClockedRateLimitStore {
  return class extends ClockedRateLimitStore {
    constructor() {
      super(now);
    }
  };
}
