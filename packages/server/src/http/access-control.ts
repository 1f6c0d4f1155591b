import type { SessionUser } from '@balancer/core';

/** Where a guarded route's one-time code came from: the client's address and its bearer token. */
export interface OtpOrigin {
  ip: string | null;
  /** The access token (it names the session the code is counted for). */
  token?: string;
}

/**
 * What the guards ask of the accounts and IP-blacklist features. Each call throws the coded
 * error the client expects (4252 for a bad or missing token, the OTP and blacklist codes).
 */
export interface AccessControl {
  /** Verifies a bearer access token and returns its user (throws ACCESS_TOKEN_INVALID). */
  authenticate(token: string): Promise<SessionUser>;
  /**
   * Verifies a one-time code for this user, refusing a code already used (throws OTP_INVALID);
   * each try counts against the session of `from.token` alone (ATTEMPTS_THROTTLED while that
   * session is throttled), never against sign-in.
   */
  verifyOtp(user: SessionUser, code: string, from: OtpOrigin): Promise<void>;
  /** Synchronous: served from the in-memory copy of the blacklist, on every request. */
  isBlacklisted(ip: string): boolean;
}
