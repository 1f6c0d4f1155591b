import { ApiError } from './api-error';

/** Repeats of a query whose function threw something other than an API answer (a bug, a parse). */
const OTHER_FAILURE_REPEATS = 1;

/**
 * react-query's `retry` for every query. An ApiError is final: the client already repeated a
 * network failure or a 5xx (3, 5 and 7 s), and an envelope error is the server's answer — a
 * not-found or a refusal does not change by asking again (repeating one only kept the page on
 * "Loading…" for 7 s and wrote the same error 4 times).
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) return false;
  return failureCount < OTHER_FAILURE_REPEATS;
}
