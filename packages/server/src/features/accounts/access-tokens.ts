import { webcrypto } from 'node:crypto';
import { JWT_PATTERN } from '@balancer/core';
import { jwtVerify, SignJWT } from 'jose';

/** Access tokens live 15 minutes; the client refreshes every 14 (840,000 ms, product-spec §4). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'balancer';

/**
 * Short-lived access tokens: HS256 JWTs signed with JWT_SECRET whose subject is the user id.
 * They name nobody's authority: the guards read the current one (see AuthUserCache), so a
 * demotion or deletion takes effect at once.
 */
export class AccessTokens {
  private readonly secret: Uint8Array;
  private key: Promise<webcrypto.CryptoKey> | undefined;

  constructor(secret: string) {
    this.secret = new TextEncoder().encode(secret);
  }

  /** Imported once: given raw bytes, jose would import the key again on every call (~4× the cost). */
  private cryptoKey(): Promise<webcrypto.CryptoKey> {
    this.key ??= webcrypto.subtle.importKey('raw', this.secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    return this.key;
  }

  /** A token for `userId`, valid for 15 minutes from `nowMs`. */
  async issue(userId: string, nowMs: number): Promise<string> {
    const issuedAt = Math.floor(nowMs / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
      .sign(await this.cryptoKey());
  }

  /** The user id a valid, unexpired token names at `nowMs`, or null. Never throws. */
  async subject(token: string, nowMs: number): Promise<string | null> {
    if (!JWT_PATTERN.test(token)) return null;
    try {
      const { payload } = await jwtVerify(token, await this.cryptoKey(), {
        algorithms: ['HS256'],
        issuer: ISSUER,
        currentDate: new Date(nowMs),
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      return typeof payload.sub === 'string' ? payload.sub : null;
    } catch {
      return null;
    }
  }
}
