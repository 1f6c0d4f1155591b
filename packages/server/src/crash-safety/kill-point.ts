import type { RequestRecord } from '@balancer/engine/testing';
import { randomInt } from './seeded-random.js';

/**
 * Where a crash round kills the engine:
 * - `order-request`: `delayMs` after the exchange received the `nth` order request of the round
 *   (GET /api/v3/order: a start-up reconciliation, the look-up before placing, a confirmation; or
 *   POST /api/v3/order: the placement itself). 0–150 ms covers the order's response, the saves
 *   around it, the 200 ms confirmation wait and the trade sync after it.
 * - `after-ready`: `delayMs` after the engine reported ready (anywhere in the order loop).
 */
export type KillPoint =
  | { kind: 'order-request'; nth: number; delayMs: number }
  | { kind: 'after-ready'; delayMs: number };

const ORDER_PATH = '/api/v3/order';
const POLL_MS = 2;

export function drawKillPoint(random: () => number): KillPoint {
  if (random() < 0.8)
    return { kind: 'order-request', nth: randomInt(random, 1, 4), delayMs: randomInt(random, 0, 150) };
  return { kind: 'after-ready', delayMs: randomInt(random, 0, 1_000) };
}

export function describeKillPoint(point: KillPoint): string {
  return point.kind === 'order-request'
    ? `${point.delayMs} ms after order request #${point.nth}`
    : `${point.delayMs} ms after ready`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves when the kill point is reached. `requests` is the exchange's request log; only those
 * from index `from` (the round's start) count. `ready()` waits for the child to report ready (asked only by `after-ready`).
 */
export async function reachKillPoint(
  point: KillPoint,
  requests: readonly RequestRecord[],
  from: number,
  ready: () => Promise<unknown>,
  timeoutMs = 60_000,
): Promise<void> {
  if (point.kind === 'after-ready') {
    await ready();
    await sleep(point.delayMs);
    return;
  }
  const deadline = Date.now() + timeoutMs;
  const seen = () => requests.slice(from).filter((r) => r.path === ORDER_PATH).length;
  while (seen() < point.nth) {
    if (Date.now() > deadline) throw new Error(`order request #${point.nth} never came`);
    await sleep(POLL_MS);
  }
  await sleep(point.delayMs);
}
