import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  isStrongPassword,
  jwtSchema,
  NEW_PASSWORD_MESSAGE,
  newPasswordSchema,
  nicknameSchema,
  otpCodeSchema,
  otpSecretSchema,
  signInPasswordSchema,
} from './credentials.js';

/** The messages of every issue, or [] when the input passes. */
const messagesOf = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe('nicknameSchema', () => {
  it.each(['ab', 'root', 'jane.doe', 'x_y-z', 'A1234567890bcdef'])('accepts %s', (nickname) => {
    expect(nicknameSchema.parse(nickname)).toBe(nickname);
  });
  it.each([
    ['a', 'one character'],
    ['A1234567890bcdefg', '17 characters'],
    ['jane doe', 'a space'],
    ['jane@doe', 'an @'],
    ['josé', 'a non-ASCII letter'],
    [' root', 'untrimmed'],
    ['', 'empty'],
    [undefined, 'missing'],
    [42, 'a number'],
  ])('refuses %s (%s) with one message', (nickname, _why) => {
    expect(messagesOf(nicknameSchema, nickname)).toEqual(['Enter a valid nickname']);
  });
});

describe('passwords', () => {
  it('accepts 8–2048 characters with lower, upper, digit and special', () => {
    for (const password of ['Passw0rd!', 'aB3$aB3$', `aB3$${'x'.repeat(2044)}`, 'Ünïcode9 ç!']) {
      expect(isStrongPassword(password), password).toBe(true);
      expect(signInPasswordSchema.parse(password)).toBe(password);
      expect(newPasswordSchema.parse(password)).toBe(password);
    }
  });

  it.each([
    ['aB3$aB3', 'seven characters'],
    [`aB3$${'x'.repeat(2045)}`, '2049 characters'],
    ['password1!', 'no upper-case letter'],
    ['PASSWORD1!', 'no lower-case letter'],
    ['Password!!', 'no digit'],
    ['Password11', 'no special character'],
    ['Password 11', 'a space is not special'],
    [undefined, 'missing'],
  ])('refuses %s (%s) with each form’s message', (password, _why) => {
    expect(messagesOf(signInPasswordSchema, password)).toEqual(['Enter a valid password']);
    expect(messagesOf(newPasswordSchema, password)).toEqual([NEW_PASSWORD_MESSAGE]);
  });

  it('uses the spec’s update-password wording exactly', () => {
    expect(NEW_PASSWORD_MESSAGE).toBe(
      'The password must include a minimum of 8 characters and at least one lowercase letter, one uppercase letter, one number, and one special character.',
    );
  });

  it('is strong for any padding of a strong core up to the limit (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.integer({ min: 0, max: 2100 }), (padding, extra) => {
        const password = `aB3$aB3$${padding}${'x'.repeat(extra)}`; // 8 + padding + extra characters
        expect(isStrongPassword(password)).toBe(password.length <= 2048);
        expect(isStrongPassword(password.replace(/[0-9]/g, ''))).toBe(false); // no digit left
      }),
    );
  });
});

describe('otpCodeSchema', () => {
  it('accepts exactly six digits', () => {
    expect(otpCodeSchema.parse('012345')).toBe('012345');
  });
  it.each(['12345', '1234567', '12345a', '123 456', '１２３４５６', 123456, undefined])(
    'refuses %s',
    (code) => {
      expect(messagesOf(otpCodeSchema, code)).toEqual(['Enter a valid one-time code']);
    },
  );
});

describe('jwtSchema', () => {
  const segment = (n: number) => 'a'.repeat(n);
  it('accepts three base64url segments of 2–1000 characters', () => {
    expect(jwtSchema.safeParse('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl-_').success).toBe(true);
    expect(jwtSchema.safeParse(`${segment(1000)}.${segment(2)}.${segment(1000)}`).success).toBe(true);
  });
  it.each([
    ['aa.bb', 'two segments'],
    ['aa.bb.cc.dd', 'four segments'],
    ['a.bb.cc', 'a one-character segment'],
    [`${segment(1001)}.bb.cc`, 'a 1001-character segment'],
    ['aa.b+b.cc', 'a non-URL-safe character'],
    ['aa.bb.cc=', 'padding'],
    ['Bearer aa.bb.cc', 'the scheme left in'],
  ])('refuses %s (%s)', (token) => {
    expect(messagesOf(jwtSchema, token)).toEqual(['The token is invalid']);
  });
});

describe('otpSecretSchema', () => {
  it('accepts 16–64 letters or digits', () => {
    expect(otpSecretSchema.safeParse('JBSWY3DPEHPK3PXP').success).toBe(true); // 16 base32 characters
    expect(otpSecretSchema.safeParse('a1'.repeat(32)).success).toBe(true); // 64
  });
  it.each(['JBSWY3DPEHPK3PX', `${'a1'.repeat(32)}b`, 'JBSWY3DPEHPK3PXP====', 'JBSWY3DP EHPK3PXP'])(
    'refuses %s',
    (secret) => {
      expect(messagesOf(otpSecretSchema, secret)).toEqual([
        'The OTP secret must be 16 to 64 letters or digits',
      ]);
    },
  );
});
