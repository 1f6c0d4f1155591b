import { createHash } from 'node:crypto';
import type { CaptchaChallenge } from '@balancer/core';

/** Makes every challenge's salt unique, as the server's are (two within a second were equal). */
let issued = 0;

/**
 * jsdom tests: a challenge in the server's shape with a known answer and a small range, so the
 * real search (on the main thread: jsdom has no Web Workers) finds it in milliseconds.
 */
export function testChallenge(
  number = 1234,
  maxnumber = 5000,
  expiresAtMs = Date.now() + 300_000,
): CaptchaChallenge {
  issued += 1;
  const salt = `${issued.toString(16).padStart(24, '0')}?expires=${Math.floor(expiresAtMs / 1000)}`;
  const challenge = createHash('sha256').update(`${salt}${number}`).digest('hex');
  return { algorithm: 'SHA-256', challenge, salt, signature: 'ab'.repeat(32), maxnumber };
}

/** The solved number inside a payload. */
export function payloadNumber(payload: string): number {
  return (JSON.parse(atob(payload)) as { number: number }).number;
}
