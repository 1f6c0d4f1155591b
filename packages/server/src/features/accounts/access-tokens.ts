import { webcrypto } from 'node:crypto';
import { JWT_PATTERN } from '@balancer/core';
import { jwtVerify, SignJWT } from 'jose';

/** Access tokens live 15 minutes; the client refreshes every 14 (840,000 ms, docs/web.md). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'balancer';
/** Verified tokens kept (a few per signed-in device); the oldest goes first when full. */
const VERIFIED_MAX = 1_000;

/** What a valid access token names: its user and the session (signed-in device) it belongs to. */
export interface TokenClaims {
  userId: string;
  sessionId: string;
}

/**
 * Short-lived access tokens: HS256 JWTs signed with JWT_SECRET whose subject is the user id and
 * whose `sid` is the session (refresh_sessions row) they were issued for. They name nobody's
 * authority: the guards read the current user and check that the session still exists (see
 * AuthUserCache), so a sign-out, deletion or demotion takes effect at once.
 */
export class AccessTokens {
  private readonly secret: Uint8Array;
  private key: Promise<webcrypto.CryptoKey> | undefined;
  /**
   * Tokens already verified, with their claims and expiry (epoch ms). A token's signature and
   * claims never change, so checking it again until it expires proves nothing new (the check is
   * ~20 % of a signed-in read). Only valid tokens enter, so nobody without JWT_SECRET can fill
   * it. Revocation is not this map's business: the guards check the token's session on every
   * request (AuthUserCache), and a session's end drops it there at once.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; expiresMs: number }>();

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

  /** A token for `userId` in session `sessionId`, valid for 15 minutes from `nowMs`. */
  async issue(userId: string, sessionId: string, nowMs: number): Promise<string> {
    const issuedAt = Math.floor(nowMs / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
      .sign(await this.cryptoKey());
  }

  /** The user and session a valid, unexpired token names at `nowMs`, or null. Never throws. */
  async claims(token: string, nowMs: number): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      // jose's own rule: expired once the current second reaches `exp`.
      if (nowMs < known.expiresMs) return known.claims;
      this.verified.delete(token);
      return null;
    }
    const claims = await this.verify(token, nowMs);
    if (claims) {
      if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value ?? '');
      this.verified.set(token, claims);
    }
    return claims?.claims ?? null;
  }

  private async verify(
    token: string,
    nowMs: number,
  ): Promise<{ claims: TokenClaims; expiresMs: number } | null> {
    if (!JWT_PATTERN.test(token)) return null;
    try {
      const { payload } = await jwtVerify(token, await this.cryptoKey(), {
        algorithms: ['HS256'],
        issuer: ISSUER,
        currentDate: new Date(nowMs),
        requiredClaims: ['sub', 'sid', 'exp', 'iat'],
      });
      const { sub, sid, exp } = payload;
      return typeof sub === 'string' && typeof sid === 'string' && typeof exp === 'number'
        ? { claims: { userId: sub, sessionId: sid }, expiresMs: exp * 1000 }
        : null;
    } catch {
      return null;
    }
  }
}
