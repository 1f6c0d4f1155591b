import type { SessionUser } from '@balancer/core';

/**
 * What the guards ask of the accounts and IP-blacklist features. Each call throws the coded
 * error the client expects (4252 for a bad or missing token, the OTP and blacklist codes).
 */
export interface AccessControl {
  /** Verifies a bearer access token and returns its user (throws ACCESS_TOKEN_INVALID). */
  authenticate(token: string): Promise<SessionUser>;
  /**
   * Verifies a one-time code for this user, refusing a code already used (throws OTP_INVALID);
   * each try counts against the account's guessing limit (ACCOUNT_LOCKED while locked).
   */
  verifyOtp(user: SessionUser, code: string, ip: string): Promise<void>;
  /** Synchronous: served from the in-memory copy of the blacklist, on every request. */
  isBlacklisted(ip: string): boolean;
}
