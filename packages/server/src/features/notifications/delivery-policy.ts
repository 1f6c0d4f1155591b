import type { SendOutcome } from './telegram/bot-api.js';

/** At most one request to Telegram per this many ms (docs/notifications.md, The queue). */
export const DELIVERY_INTERVAL_MS = 10_000;

/** Waits after the 1st…7th transient failure: 10 s, 30 s, 1 min, 5 min, 15 min, 30 min, 1 h. */
export const RETRY_DELAYS_MS = [10_000, 30_000, 60_000, 300_000, 900_000, 1_800_000, 3_600_000];

/** The 8th transient failure marks the delivery failed (7 waits: 6,700 s ≈ 1 h 52 min in all). */
export const MAX_FAILURES = RETRY_DELAYS_MS.length + 1;

/** A delivery's row after an attempt that got an answer (not a shutdown abort). */
export interface AttemptResult {
  state: 'pending' | 'sent' | 'failed';
  failures: number;
  /** Epoch ms; 0 for final states. */
  nextAttemptAt: number;
  error: string | null;
}

/**
 * What an outcome means for the delivery: sent; 429 waits `retry_after` without counting as a
 * failure; a transient failure waits the next RETRY_DELAYS_MS step or, the 8th, fails; a
 * permanent refusal fails at once.
 */
export function afterAttempt(
  outcome: Exclude<SendOutcome, { kind: 'stopped' }>,
  failures: number,
  now: number,
): AttemptResult {
  switch (outcome.kind) {
    case 'sent':
      return { state: 'sent', failures, nextAttemptAt: 0, error: null };
    case 'rate-limited':
      return { state: 'pending', failures, nextAttemptAt: now + outcome.retryAfterMs, error: outcome.error };
    case 'transient': {
      const count = failures + 1;
      if (count >= MAX_FAILURES)
        return { state: 'failed', failures: count, nextAttemptAt: 0, error: outcome.error };
      const delay = RETRY_DELAYS_MS[count - 1] ?? 0;
      return { state: 'pending', failures: count, nextAttemptAt: now + delay, error: outcome.error };
    }
    case 'permanent':
      return { state: 'failed', failures, nextAttemptAt: 0, error: outcome.error };
  }
}
