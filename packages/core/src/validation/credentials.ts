import { z } from 'zod';

/** Nickname: 2–16 ASCII letters, digits, '-', '.' or '_' (docs/accounts.md). */
export const NICKNAME_PATTERN = /^[A-Za-z0-9._-]{2,16}$/;
export const NICKNAME_MESSAGE = 'Enter a valid nickname';

/** Password length bounds (docs/accounts.md); 2,048 caps the work of hashing. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 2048;
export const SIGN_IN_PASSWORD_MESSAGE = 'Enter a valid password';
export const NEW_PASSWORD_MESSAGE =
  'The password must include a minimum of 8 characters and at least one lowercase letter, one uppercase letter, one number, and one special character.';

export const OTP_CODE_LENGTH = 6;
export const OTP_CODE_MESSAGE = 'Enter a valid one-time code';

/**
 * True when the password is 8–2048 characters (UTF-16 code units) with a lower-case letter, an
 * upper-case letter, a digit 0–9 and a special character. Letters are any script's (\p{Ll},
 * \p{Lu}); special is anything that is neither a letter, a number nor white space, so a space
 * is allowed but does not count as special.
 */
export function isStrongPassword(value: string): boolean {
  return (
    typeof value === 'string' &&
    value.length >= PASSWORD_MIN_LENGTH &&
    value.length <= PASSWORD_MAX_LENGTH &&
    /\p{Ll}/u.test(value) &&
    /\p{Lu}/u.test(value) &&
    /[0-9]/.test(value) &&
    /[^\p{L}\p{N}\s]/u.test(value)
  );
}

/** A nickname; every failure (missing, wrong type, length, characters) gives one message. */
export const nicknameSchema = z.string({ error: NICKNAME_MESSAGE }).regex(NICKNAME_PATTERN);

const password = (message: string) => z.string({ error: message }).refine(isStrongPassword, message);

/** The password typed at sign-in: 'Enter a valid password'. */
export const signInPasswordSchema = password(SIGN_IN_PASSWORD_MESSAGE);

/** A new password (update-password screen): the spec's long rule message. */
export const newPasswordSchema = password(NEW_PASSWORD_MESSAGE);

/** A TOTP code: exactly six ASCII digits (sent as `otpToken` or the `otp-token` header). */
export const otpCodeSchema = z.string({ error: OTP_CODE_MESSAGE }).regex(/^[0-9]{6}$/);

/** A JWT's shape: three dot-separated base64url segments of 2–1000 characters each. */
export const JWT_PATTERN = /^[A-Za-z0-9_-]{2,1000}\.[A-Za-z0-9_-]{2,1000}\.[A-Za-z0-9_-]{2,1000}$/;
export const jwtSchema = z.string({ error: 'The token is invalid' }).regex(JWT_PATTERN);

/** An OTP secret: 16–64 letters or digits (base32 is a subset; no padding). */
export const otpSecretSchema = z
  .string({ error: 'The OTP secret must be 16 to 64 letters or digits' })
  .regex(/^[A-Za-z0-9]{16,64}$/);
