import { systemTime } from '../../shared/clock.js';

/** The queue's time and timers, injectable so tests move time by hand instead of waiting 10 s. */
export interface DeliveryClock {
  /** Epoch ms. */
  now(): number;
  /** Calls `run` once after `ms`; the returned function cancels it. */
  timer(ms: number, run: () => void): () => void;
}

/**
 * Wall time (the platform's clock, the system's by default) with real timers; they do not keep
 * the process alive (stop() cancels them anyway).
 */
export function wallDeliveryClock(now: () => number = systemTime): DeliveryClock {
  return {
    now,
    timer(ms, run) {
      const handle = setTimeout(run, ms);
      handle.unref();
      return () => clearTimeout(handle);
    },
  };
}
