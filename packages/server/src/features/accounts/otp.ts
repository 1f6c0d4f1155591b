import { generate, generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 defaults every authenticator app uses: SHA-1, 6 digits, 30 s steps. */
export const OTP_STEP_SECONDS = 30;
/** Codes of the previous and next step are accepted too (clock drift, typing time). */
const TOLERANCE_SECONDS = OTP_STEP_SECONDS;
const ISSUER = 'Balancer';

/** A fresh TOTP secret: 20 random bytes as 32 base32 characters (fits otpSecretSchema). */
export function newOtpSecret(): string {
  return generateSecret();
}

/** The `otpauth://totp/Balancer:<nickname>?secret=…` URI an authenticator app scans. */
export function otpauthUri(secret: string, nickname: string): string {
  return generateURI({ issuer: ISSUER, label: nickname, secret });
}

/** The RFC 6238 time step of an instant: floor(epoch seconds / 30). */
export function otpStepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / OTP_STEP_SECONDS);
}

/**
 * The time step whose code `code` is, within ±1 step of `nowMs`, or null when it matches none.
 * The caller enforces replay protection by accepting a step only once per user.
 */
export async function matchOtpStep(secret: string, code: string, nowMs: number): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOLERANCE_SECONDS,
  });
  // The TOTP result names its step (HOTP's, in the same union type, does not).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** The code of the time step containing `atMs` (what an authenticator app shows then). */
export function otpCodeAt(secret: string, atMs: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(atMs / 1000) });
}
