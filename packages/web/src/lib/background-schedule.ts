/**
 * How often the signed-in app calls the API on its own, on timers (everything else follows the
 * operator's clicks). In one place so that a test can replay a day of them against the server's
 * rate limits (background-schedule.db.test.ts): none may ever push the operator into a 429.
 * The socket status (essentials/) is read from the socket every 5 s, without a request.
 */

/** Free balances on the dashboard (GET position/balances). */
export const BALANCES_REFRESH_MS = 10_000;
/** The essentials, whole (GET data-join/app-essentials); the stream brings each tick between. */
export const ESSENTIALS_REFETCH_MS = 120_000;
/** The access token (valid 15 min) is renewed every 14 minutes (POST auth/jwt/refresh-jwt). */
export const TOKEN_REFRESH_INTERVAL_MS = 840_000;
/** The monitor samples every 60 s; the Server screen asks as often (GET server, server/history). */
export const MONITOR_REFRESH_MS = 60_000;
/** The engine records an equity sample a minute: the chart asks again as often (GET position/equity). */
export const EQUITY_REFRESH_MS = 60_000;
/** While a crash is in progress, its record and points each minute (GET market-state/reversal/…). */
export const REVERSAL_HISTORY_REFRESH_MS = 60_000;
/** A PROCESSING transaction is read again every 2 s (GET position/transaction/:id)… */
export const TRANSACTION_POLL_MS = 2_000;
/** …for its first 60 reads (2 minutes), then every 10 s: an order the exchange leaves open stays within the limit. */
export const TRANSACTION_FAST_POLLS = 60;
export const TRANSACTION_SLOW_POLL_MS = 10_000;

/** The delay before the next read of a processing transaction read `reads` times so far. */
export function transactionPollDelay(reads: number): number {
  return reads < TRANSACTION_FAST_POLLS ? TRANSACTION_POLL_MS : TRANSACTION_SLOW_POLL_MS;
}

/**
 * A lab job the operator watches (a backtest, a download) is read again every 5 s until it
 * finishes (GET lab/jobs/:id); the stream's `lab-job` events bring its progress between.
 */
export const LAB_JOB_POLL_MS = 5_000;
