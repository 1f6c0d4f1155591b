import { otpSecretSchema } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { matchOtpStep, newOtpSecret, otpauthUri, otpCodeAt, otpStepAt } from './otp.js';

// RFC 6238 appendix B: the SHA-1 test secret "12345678901234567890" in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
// At T = 59 s the RFC's 8-digit code is 94287082; its last six digits are the 6-digit code.
const T59_MS = 59_000;

describe('one-time codes', () => {
  it('computes the RFC 6238 reference code and its step', async () => {
    expect(await otpCodeAt(RFC_SECRET, T59_MS)).toBe('287082');
    // floor(59 / 30) = 1
    expect(otpStepAt(T59_MS)).toBe(1);
  });

  it('accepts the codes of the previous, current and next step only, naming the step', async () => {
    const now = 1_000_000 * 30_000 + 10_000; // 10 s into step 1,000,000
    const step = otpStepAt(now);
    expect(step).toBe(1_000_000);
    for (const offset of [-1, 0, 1]) {
      const code = await otpCodeAt(RFC_SECRET, now + offset * 30_000);
      expect(await matchOtpStep(RFC_SECRET, code, now)).toBe(step + offset);
    }
    for (const offset of [-2, 2]) {
      const code = await otpCodeAt(RFC_SECRET, now + offset * 30_000);
      expect(await matchOtpStep(RFC_SECRET, code, now)).toBeNull();
    }
  });

  it('makes fresh valid secrets and an otpauth URI naming the user', () => {
    const a = newOtpSecret();
    expect(otpSecretSchema.safeParse(a).success).toBe(true);
    expect(newOtpSecret()).not.toBe(a);
    const uri = new URL(otpauthUri(a, 'alice'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(a);
    expect(uri.searchParams.get('issuer')).toBe('Balancer');
    expect(decodeURIComponent(uri.pathname)).toContain('alice');
  });
});
