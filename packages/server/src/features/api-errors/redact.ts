/**
 * The argument names (lower case) whose values never reach the API error log: reference §3.1's
 * list plus the captcha payload and the credentials the logger also hides (exchange keys, tokens).
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
export const REDACTED = '[redacted]';

/** Deeper than any request body the API accepts; below it values are cut rather than walked. */
const MAX_DEPTH = 8;

/**
 * A copy of a request's arguments with every secret value replaced by '[redacted]', at any
 * depth and whatever the key's case. Values that are not plain JSON (functions, symbols) are
 * dropped, as JSON would drop them.
 */
export function redactArguments(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
  }
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => redactArguments(item, depth + 1) ?? null);
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const shown = REDACTED_KEYS.has(key.toLowerCase()) ? REDACTED : redactArguments(item, depth + 1);
    if (shown !== undefined) copy[key] = shown;
  }
  return copy;
}
