/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text the platform can store and show: no NUL character (PostgreSQL's text and jsonb refuse
 * U+0000) and well-formed UTF-16 (a lone surrogate has no UTF-8 encoding, so it would be
 * stored as U+FFFD or refused). Checked on every request's arguments before their schema.
 */
export function isSafeText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** Deeper than any argument the API accepts: the schema refuses such nesting anyway. */
const MAX_DEPTH = 32;

/**
 * Where in `value` (a parsed JSON body, query or params) the first unsafe text sits, as a
 * dotted path (`notes`, `trade.id`, `(key)` for a key), or null when all of it is safe.
 * Values nested deeper than 32 levels are reported as unsafe rather than walked.
 */
export function findUnsafeText(value: unknown, path: readonly string[] = []): string | null {
  const here = path.length > 0 ? path.join('.') : '(value)';
  if (typeof value === 'string') return isSafeText(value) ? null : here;
  if (value === null || typeof value !== 'object') return null;
  if (path.length >= MAX_DEPTH) return here;
  for (const [key, item] of Object.entries(value)) {
    if (!isSafeText(key)) return [...path, '(key)'].join('.');
    const found = findUnsafeText(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** `text` with each NUL and lone surrogate replaced by U+FFFD: text the database can store. */
export function toSafeText(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATES, '\uFFFD');
}

/**
 * `value` (plain JSON data: what a caller sent, a row about to be stored) with every string and
 * key made safe by toSafeText; numbers, booleans and null as they are. Deeper than 32 levels a
 * value becomes null rather than being walked.
 */
export function withSafeText<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return toSafeText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return null as T;
  if (Array.isArray(value)) return value.map((item) => withSafeText(item, depth + 1)) as T;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [toSafeText(key), withSafeText(item, depth + 1)]),
  ) as T;
}

/** `text` cut to at most `max` UTF-16 units, ending with '…' when cut, never inside a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}
