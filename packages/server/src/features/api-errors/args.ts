import { cutText } from '@balancer/core';
import type { z } from 'zod';
import { isSecretKey, REDACTED } from './redact.js';

/** Longest string value kept, characters; a longer one is cut and ends with '…'. */
export const MAX_STRING_CHARS = 200;
/** Items kept of an array or a record; the rest is counted in one marker item. */
export const MAX_ITEMS = 20;
/** Largest stored arguments, bytes of JSON; larger ones are kept as a cut preview. */
export const MAX_ARGS_BYTES = 2_048;
/** Deeper than any request body the API accepts; below it values are cut rather than walked. */
const MAX_DEPTH = 8;

type Schema = z.core.$ZodType;

/** Cuts `text` to `max` characters, marking the cut (never inside a surrogate pair). */
export function truncate(text: string, max = MAX_STRING_CHARS): string {
  return cutText(text, max);
}

/** The schema under the wrappers that do not change which fields are declared. */
function unwrap(schema: Schema): z.core.$ZodTypes {
  let current = schema as z.core.$ZodTypes;
  for (let hops = 0; hops < 16; hops += 1) {
    const def = current._zod.def;
    if ('innerType' in def) current = def.innerType as z.core.$ZodTypes;
    else if (def.type === 'pipe') current = def.in as z.core.$ZodTypes;
    else if (def.type === 'lazy') current = def.getter() as z.core.$ZodTypes;
    else return current;
  }
  return current;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value where the schema expects something else, described without its content. */
function shapeOf(value: unknown): string {
  return Array.isArray(value) ? `[array of ${value.length}]` : '[object]';
}

function keepItems(items: unknown[], element: Schema | undefined, depth: number): unknown[] {
  const kept = items.slice(0, MAX_ITEMS).map((item) => declaredOnly(item, element, depth + 1) ?? null);
  if (items.length > MAX_ITEMS) kept.push(`[${items.length - MAX_ITEMS} more]`);
  return kept;
}

function keepFields(
  value: Record<string, unknown>,
  schemaOf: (key: string) => Schema | undefined,
  depth: number,
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  let count = 0;
  for (const [key, item] of Object.entries(value)) {
    const schema = schemaOf(key);
    if (schema === undefined) continue;
    if (count === MAX_ITEMS) {
      kept['[more]'] = true;
      break;
    }
    const shown = isSecretKey(key) ? REDACTED : declaredOnly(item, schema, depth + 1);
    if (shown !== undefined) {
      kept[truncate(key, 64)] = shown;
      count += 1;
    }
  }
  return kept;
}

/**
 * The part of `value` that `schema` (a route's zod schema) declares: an object keeps only its
 * declared fields (unknown ones such as a form's `confirmNewPassword` are dropped), recursively;
 * secret-looking fields are redacted at any depth; strings are cut to MAX_STRING_CHARS, arrays and
 * records to MAX_ITEMS. Without a schema nothing is declared: undefined.
 */
export function declaredOnly(value: unknown, schema: Schema | undefined, depth = 0): unknown {
  if (schema === undefined || value === undefined) return undefined;
  if (typeof value === 'string') return truncate(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (typeof value !== 'object') return undefined;
  if (depth >= MAX_DEPTH) return '[too deep]';
  const def = unwrap(schema)._zod.def;
  switch (def.type) {
    case 'object':
      return isPlainObject(value) ? keepFields(value, (key) => def.shape[key], depth) : shapeOf(value);
    case 'record':
      return isPlainObject(value) ? keepFields(value, () => def.valueType, depth) : shapeOf(value);
    case 'array':
      return Array.isArray(value) ? keepItems(value, def.element, depth) : shapeOf(value);
    case 'union':
    case 'intersection': {
      // A field is kept when any alternative declares it.
      const options = def.type === 'union' ? def.options : [def.left, def.right];
      const kept = options.map((option) => declaredOnly(value, option, depth));
      const objects = kept.filter(isPlainObject);
      return objects.length > 0 ? Object.assign({}, ...objects) : kept.find((k) => k !== undefined);
    }
    default:
      // A scalar (or an any/unknown) field sent an object: its content is not declared.
      return shapeOf(value);
  }
}

/** Cuts a text to at most `bytes` bytes of UTF-8 (never inside a character). */
function cutToBytes(text: string, bytes: number): string {
  const buffer = Buffer.from(text, 'utf8');
  if (buffer.length <= bytes) return text;
  return `${buffer
    .subarray(0, bytes)
    .toString('utf8')
    .replace(/\uFFFD$/, '')}…`;
}

/**
 * What the API error log stores of a signed-in caller's request: body, query and params as the
 * route's schemas declare them (see declaredOnly), at most MAX_ARGS_BYTES of JSON; a larger
 * result is kept as `{truncated: <the start of its JSON>}`. Null when nothing is declared.
 */
export function describeArguments(
  parts: { body?: unknown; query?: unknown; params?: unknown },
  schemas: { body?: Schema; querystring?: Schema; params?: Schema } | undefined,
): unknown {
  const args: Record<string, unknown> = {};
  const body = declaredOnly(parts.body, schemas?.body);
  const query = declaredOnly(parts.query, schemas?.querystring);
  const params = declaredOnly(parts.params, schemas?.params);
  if (body !== undefined) args.body = body;
  if (query !== undefined) args.query = query;
  if (params !== undefined) args.params = params;
  if (Object.keys(args).length === 0) return null;
  const json = JSON.stringify(args);
  if (Buffer.byteLength(json, 'utf8') <= MAX_ARGS_BYTES) return args;
  return { truncated: cutToBytes(json, MAX_ARGS_BYTES - 64) };
}
