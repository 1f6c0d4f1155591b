/**
 * The argument names (lower case) whose values never reach the API error log: passwords,
 * one-time codes and secrets, plus the captcha payload and the credentials the logger also hides (exchange
 * keys, tokens).
 */
export const REDACTED_KEYS: ReadonlySet<string> = new Set([
  'password',
  'newpassword',
  'otptoken',
  'otpsecret',
  'altchapayload',
  'apikey',
  'apisecret',
  'token',
  'refreshtoken',
]);

/**
 * Names that look secret whatever else they say (`confirmNewPassword`, `exchangeApiKey`,
 * `captchaSolution`, `authorization`): their values are redacted too, so a field added later
 * under such a name is hidden without anyone remembering this list.
 */
const SECRET_LOOKING = /pass|secret|token|otp|key|captcha|altcha|signature|auth|cookie|pepper|seed/i;

export const REDACTED = '[redacted]';

/** True when the value of an argument named `key` must never be stored. */
export function isSecretKey(key: string): boolean {
  return REDACTED_KEYS.has(key.toLowerCase()) || SECRET_LOOKING.test(key);
}
