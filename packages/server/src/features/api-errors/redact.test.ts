import { describe, expect, it } from 'vitest';
import { REDACTED, redactArguments } from './redact.js';

describe('redactArguments', () => {
  it('replaces every secret, at any depth and in any case', () => {
    const input = {
      nickname: 'alice',
      password: 'Secret-1a',
      newPassword: 'Secret-2b',
      OTPTOKEN: '123456',
      nested: { otpSecret: 'JBSWY3DPEHPK3PXP', list: [{ altchaPayload: 'eyJhbGc' }, 3] },
    };
    expect(redactArguments(input)).toEqual({
      nickname: 'alice',
      password: REDACTED,
      newPassword: REDACTED,
      OTPTOKEN: REDACTED,
      nested: { otpSecret: REDACTED, list: [{ altchaPayload: REDACTED }, 3] },
    });
  });

  it('redacts a secret whatever its value is (an object, a number)', () => {
    expect(redactArguments({ password: { a: 1 }, otpToken: 123456 })).toEqual({
      password: REDACTED,
      otpToken: REDACTED,
    });
  });

  it('leaves the input unchanged and copies plain values', () => {
    const input = { password: 'x', ip: '1.2.3.4' };
    redactArguments(input);
    expect(input.password).toBe('x');
    expect(redactArguments('text')).toBe('text');
    expect(redactArguments(null)).toBeNull();
    expect(redactArguments(undefined)).toBeUndefined();
  });

  it('cuts structures deeper than 8 levels', () => {
    let deep: unknown = { password: 'x' };
    for (let level = 0; level < 10; level += 1) deep = { next: deep };
    expect(JSON.stringify(redactArguments(deep))).not.toContain('"x"');
    expect(JSON.stringify(redactArguments(deep))).toContain('[too deep]');
  });
});
