import { randomInt } from '@balancer/core';
import type { RequestRecord } from '@balancer/engine/testing';

/**
 * Where a crash round kills the engine:
 * - `order-request`: `delayMs` after the exchange received the round's `nth` order request of
 *   `method`: POST is a placement (Binance POST /api/v3/order, Kraken AddOrder); GET a look-up by
 *   client id (Binance GET /api/v3/order, Kraken OpenOrders/ClosedOrders): a start-up
 *   reconciliation, the look-up before placing or a confirmation. The delay is drawn as 150 ms × u³ (half of them
 *   under 20 ms): the narrowest windows come right after a request (the answer arrives, the
 *   transaction is saved), while the longer ones reach the 200 ms confirmation wait and the trade
 *   sync after it.
 * - `after-ready`: `delayMs` (0–1,000) after the engine reported ready (anywhere in the order loop).
 */
export type KillPoint =
  | { kind: 'order-request'; method: 'POST' | 'GET'; nth: number; delayMs: number }
  | { kind: 'after-ready'; delayMs: number };

const POLL_MS = 2;
const MAX_DELAY_MS = 150;

export function drawKillPoint(random: () => number): KillPoint {
  const pick = random();
  if (pick >= 0.8) return { kind: 'after-ready', delayMs: randomInt(random, 0, 1_000) };
  const post = pick < 0.4;
  return {
    kind: 'order-request',
    method: post ? 'POST' : 'GET',
    nth: randomInt(random, 1, post ? 2 : 3),
    delayMs: Math.round(MAX_DELAY_MS * random() ** 3),
  };
}

export function describeKillPoint(point: KillPoint): string {
  return point.kind === 'order-request'
    ? `${point.delayMs} ms after order ${point.method} #${point.nth}`
    : `${point.delayMs} ms after ready`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves when the kill point is reached. `requests` is the exchange's request log; only those
 * from index `from` (the round's start) count. `ready()` waits for the child to report ready
 * (asked only by `after-ready`).
 */
export async function reachKillPoint(
  point: KillPoint,
  requests: () => ReadonlyArray<Pick<RequestRecord, 'method' | 'path'>>,
  from: number,
  ready: () => Promise<unknown>,
  isOrderRequest: (request: { method: string; path: string }, kind: 'place' | 'lookup') => boolean,
  timeoutMs = 60_000,
): Promise<void> {
  if (point.kind === 'after-ready') {
    await ready();
    await sleep(point.delayMs);
    return;
  }
  const deadline = Date.now() + timeoutMs;
  const seen = () =>
    requests()
      .slice(from)
      .filter((r) => isOrderRequest(r, point.method === 'POST' ? 'place' : 'lookup')).length;
  while (seen() < point.nth) {
    if (Date.now() > deadline) throw new Error(`order ${point.method} #${point.nth} never came`);
    await sleep(POLL_MS);
  }
  await sleep(point.delayMs);
}
