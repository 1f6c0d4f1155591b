import type { CaptchaChallenge } from '@balancer/core';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/types.js';

/** The captcha's cost: SHA-256, numbers up to 1,000,000 (~0.5 M hashes on average), 5 min expiry. */
export const CAPTCHA_MAX_NUMBER = 1_000_000;
export const CAPTCHA_TTL_MS = 5 * 60_000;
/** Clock skew allowed between this server and the one that signed the challenge. */
const SKEW_MS = 60_000;

/** What a solved payload must hold (the ALTCHA v1 protocol the widget speaks). */
const solvedPayloadSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
  number: z.int().min(0).max(CAPTCHA_MAX_NUMBER),
  salt: z.string().min(10).max(1000),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
  took: z.number().optional(),
});
type SolvedPayload = z.infer<typeof solvedPayloadSchema>;

function decode(payload: string): SolvedPayload | null {
  try {
    const parsed = solvedPayloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The challenge's expiry (epoch ms) from its salt's `expires` parameter (epoch seconds). */
function expiresAtMs(salt: string): number | null {
  const query = salt.split('?')[1];
  const expires = new URLSearchParams(query ?? '').get('expires');
  return expires && /^\d{1,12}$/.test(expires) ? Number(expires) * 1000 : null;
}

/**
 * The proof-of-work captcha guarding sign-in and the password update (ALTCHA, HMAC-signed with
 * ALTCHA_HMAC_KEY). A payload works once: redeemed signatures are kept in the `used_captchas`
 * table until their challenge expires. A table rather than an in-memory map because it survives a
 * restart inside the 5-minute window, holds for several servers on one PostgreSQL, needs no size
 * bound (each row cost the client a proof of work) and makes "first redeemer wins" atomic.
 */
export class Captcha {
  constructor(
    private readonly hmacKey: string,
    private readonly db: () => Kysely<Database>,
  ) {}

  /** A fresh signed challenge expiring 5 minutes after `nowMs`. */
  async challenge(nowMs: number): Promise<CaptchaChallenge> {
    const created = await createChallenge({
      algorithm: 'SHA-256',
      hmacKey: this.hmacKey,
      maxnumber: CAPTCHA_MAX_NUMBER,
      expires: new Date(nowMs + CAPTCHA_TTL_MS),
    });
    return { ...created, algorithm: 'SHA-256', maxnumber: CAPTCHA_MAX_NUMBER };
  }

  /**
   * True when `payload` solves an unexpired challenge of ours that nobody redeemed before; the
   * payload is then spent. False for anything else, without telling why.
   */
  async redeem(payload: string, nowMs: number): Promise<boolean> {
    const solved = decode(payload);
    if (!solved) return false;
    const expiresAt = expiresAtMs(solved.salt);
    if (expiresAt === null || expiresAt <= nowMs || expiresAt > nowMs + CAPTCHA_TTL_MS + SKEW_MS)
      return false;
    let valid = false;
    try {
      // Expiry is checked above against this server's clock.
      valid = await verifySolution(solved, this.hmacKey, false);
    } catch {
      valid = false;
    }
    if (!valid) return false;
    const db = this.db();
    await db.deleteFrom('used_captchas').where('expires_at', '<=', String(nowMs)).execute();
    const inserted = await db
      .insertInto('used_captchas')
      .values({ signature: solved.signature, expires_at: expiresAt })
      .onConflict((oc) => oc.column('signature').doNothing())
      .returning('signature')
      .executeTakeFirst();
    return inserted !== undefined;
  }
}
