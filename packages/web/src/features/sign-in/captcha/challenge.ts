import { type CaptchaChallenge, captchaChallengeSchema } from '@balancer/core';
import type { Solution } from './solver';

/** Raised when `GET /altcha` answers something that is not a challenge the protocol allows. */
export const INVALID_CHALLENGE_MESSAGE = 'The server sent an invalid captcha challenge';

/**
 * The challenge checked against core's schema (algorithm SHA-256/384/512, a challenge of ≥ 40
 * and a salt of ≥ 10 characters, a signature): a bad one is refused here, naming the first
 * problem, instead of being searched for up to a million numbers.
 */
export function parseChallenge(raw: unknown): CaptchaChallenge {
  const parsed = captchaChallengeSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  throw new Error(`${INVALID_CHALLENGE_MESSAGE}: ${first?.message ?? 'not an object'}`);
}

/** The challenge's expiry (epoch ms) from its salt's `expires` parameter (epoch seconds), if any. */
export function challengeExpiresAt(challenge: CaptchaChallenge): number | null {
  const query = challenge.salt.split('?')[1];
  const expires = new URLSearchParams(query ?? '').get('expires');
  return expires && /^\d{1,12}$/.test(expires) ? Number(expires) * 1000 : null;
}

/** The payload the server redeems (`altchaPayload`): base64 of the ALTCHA v1 solution. */
export function solvedPayload(challenge: CaptchaChallenge, solution: Solution): string {
  const { algorithm, salt, signature } = challenge;
  const json = JSON.stringify({
    algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt,
    signature,
    took: solution.tookMs,
  });
  return btoa(json);
}
