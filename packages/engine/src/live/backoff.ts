import { isCodedError } from '@balancer/core';

/** First and longest wait after a failed tick, ms (doubling in between: 3, 6, 12, 24, 48, 60 s). */
export const BACKOFF_FIRST_MS = 3_000;
export const BACKOFF_MAX_MS = 60_000;

/** The wait after `failures` consecutive failed ticks (≥ 1): 3 s doubling up to 60 s. */
export function backoffDelay(failures: number): number {
  const doublings = Math.max(0, Math.min(failures - 1, 20));
  return Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** doublings);
}

/** The exchange's Retry-After in ms when the error carries one (EXCHANGE_RATE_LIMITED), else 0. */
export function retryAfterMs(error: unknown): number {
  const seconds = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/** A short, secret-free text of a tick failure for the operator. */
export function failureText(error: unknown): string {
  if (isCodedError(error)) return `${error.message} (${error.code})`;
  return error instanceof Error ? error.message.slice(0, 300) : String(error).slice(0, 300);
}

/**
 * Counts consecutive failed ticks. The first failure of an outage and the recovery are reported
 * once each (the caller notifies), never every failed tick.
 */
export class Backoff {
  failures = 0;
  private wait = 0;

  /** Records a failure; true when it starts an outage. */
  fail(error: unknown): boolean {
    this.failures += 1;
    this.wait = Math.max(backoffDelay(this.failures), retryAfterMs(error));
    return this.failures === 1;
  }

  /** Records a success; true when it ends an outage. */
  succeed(): boolean {
    const recovered = this.failures > 0;
    this.failures = 0;
    this.wait = 0;
    return recovered;
  }

  get failing(): boolean {
    return this.failures > 0;
  }

  /** The wait before the next tick while failing (0 when not failing). */
  get delay(): number {
    return this.wait;
  }
}
