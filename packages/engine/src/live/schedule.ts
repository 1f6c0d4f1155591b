/**
 * Timers of the live engine, injectable so that tests run on a virtual clock. The engine never
 * calls setTimeout directly: ticks, the confirmation delay and back-off all go through this.
 */
export interface EngineScheduler {
  /**
   * Resolves after `ms` milliseconds (the confirmation delay between placing and looking up), or
   * as soon as `signal` aborts (a stopping engine does not wait).
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Calls `run` once after `ms` milliseconds; the returned function cancels it. */
  timer(ms: number, run: () => void): () => void;
}

/** Real timers. */
export const REAL_SCHEDULER: EngineScheduler = {
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const done = () => {
        clearTimeout(handle);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const handle = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
    }),
  timer(ms, run) {
    const handle = setTimeout(run, ms);
    return () => clearTimeout(handle);
  },
};

/**
 * No automatic ticks and no waiting: the caller runs each tick itself (engine.tick()) and the
 * confirmation delay passes at once. For in-process API tests that need a real engine whose
 * ticks happen only when the test says so.
 */
export const MANUAL_SCHEDULER: EngineScheduler = {
  sleep: () => Promise.resolve(),
  timer: () => () => {},
};
