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
