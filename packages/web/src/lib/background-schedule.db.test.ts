// A day of the signed-in app's own calls (background-schedule.ts) against the server's real rate
// limiter, on a virtual clock: none may be refused with a 429. The limiter counts each request
// per client address and route before any guard, so the stand-in operator's answers (an engine
// that is not running, say) do not matter here, only whether the limiter let them through.
import { RATE_WINDOW_MS } from '@balancer/server';
import {
  asUser,
  buildReadyOpsApp,
  describeEachDatabase,
  PlatformClock,
  type ReadyOpsApp,
} from '@balancer/server/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  BALANCES_REFRESH_MS,
  EQUITY_REFRESH_MS,
  ESSENTIALS_REFETCH_MS,
  LAB_JOB_POLL_MS,
  MONITOR_REFRESH_MS,
  REVERSAL_HISTORY_REFRESH_MS,
  TOKEN_REFRESH_INTERVAL_MS,
  transactionPollDelay,
} from './background-schedule';

const DAY_MS = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 0, 1);

interface Call {
  at: number;
  method: 'GET' | 'POST';
  url: string;
}

/** A timer from 0 to `untilMs`: its first call at once (as react-query's first fetch), then one a period. */
function every(periodMs: number, method: Call['method'], url: string, untilMs: number): Call[] {
  const calls: Call[] = [];
  for (let at = 0; at < untilMs; at += periodMs) calls.push({ at, method, url });
  return calls;
}

/**
 * Every timer of the app running at once for `untilMs`: the worst case of one operator, with the
 * dashboard, the positions and the Server screen all open in one browser, a crash in progress and
 * a lab job watched and a transaction the exchange never settles (read on transactionPollDelay's schedule).
 */
function appSchedule(untilMs: number, balancesMs = BALANCES_REFRESH_MS): Call[] {
  const transaction: Call[] = [];
  for (let at = 0, reads = 0; at < untilMs; at += transactionPollDelay(reads), reads++) {
    transaction.push({ at, method: 'GET', url: '/position/transaction/1' });
  }
  return [
    ...every(balancesMs, 'GET', '/position/balances', untilMs),
    ...every(ESSENTIALS_REFETCH_MS, 'GET', '/data-join/app-essentials', untilMs),
    ...every(TOKEN_REFRESH_INTERVAL_MS, 'POST', '/auth/jwt/refresh-jwt', untilMs),
    ...every(MONITOR_REFRESH_MS, 'GET', '/server', untilMs),
    ...every(MONITOR_REFRESH_MS, 'GET', '/server/history?range=1h', untilMs),
    ...every(EQUITY_REFRESH_MS, 'GET', '/position/equity?range=1d', untilMs),
    ...every(REVERSAL_HISTORY_REFRESH_MS, 'GET', '/market-state/reversal/records?limit=2', untilMs),
    ...every(REVERSAL_HISTORY_REFRESH_MS, 'GET', '/market-state/reversal/event-history/1', untilMs),
    // A lab job watched all day (a download of years of 1 m candles, say).
    ...every(LAB_JOB_POLL_MS, 'GET', '/lab/jobs/00000000-0000-4000-8000-000000000001', untilMs),
    ...transaction,
  ].sort((a, b) => a.at - b.at);
}

describeEachDatabase("the web app's background calls against the rate limits", (ctx) => {
  let wall = T0;
  let ops: ReadyOpsApp;
  beforeAll(async () => {
    ops = await buildReadyOpsApp(ctx().handle, { clock: new PlatformClock(() => wall) });
  });
  afterAll(() => ops.app.close());

  /** Replays the calls from `start` (each from its own client address) and counts the 429s by path. */
  async function replay(calls: readonly Call[], start: number, address: string) {
    const refused = new Map<string, number>();
    for (const call of calls) {
      wall = start + call.at;
      const res = await ops.app.inject({
        method: call.method,
        url: call.url,
        headers: asUser(2),
        remoteAddress: address,
      });
      if (res.statusCode === 429) {
        const path = call.url.split('?')[0] ?? call.url;
        refused.set(path, (refused.get(path) ?? 0) + 1);
      }
    }
    return Object.fromEntries(refused);
  }

  it('never refuses a day of them', async () => {
    const calls = appSchedule(DAY_MS);
    // 8,640 balance reads alone (one per 10 s over 86,400 s): the day is really replayed.
    expect(calls.filter((call) => call.url === '/position/balances')).toHaveLength(8_640);
    expect(await replay(calls, T0, '10.20.0.1')).toEqual({});
    // Some 20,000 requests through the whole app: ~25 s on an idle machine, past 60 s on a loaded one.
  }, 240_000);

  it('does refuse a client that reads its balances every 2 s (the limit is live in this replay)', async () => {
    // 450 reads in a 15-minute window (900 s ÷ 2 s), over the standard tier's 200.
    const calls = appSchedule(RATE_WINDOW_MS, 2_000);
    const refused = await replay(calls, T0 + DAY_MS, '10.20.0.2');
    expect(refused).toEqual({ '/position/balances': 450 - 200 });
  });
});
