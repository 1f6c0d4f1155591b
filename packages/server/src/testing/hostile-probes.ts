import type { RouteSpec } from '../http/route-spec.js';
import { type Sample, urlWith } from './route-samples.js';

// The hostile set the generated test (hostile-input.db.test.ts) sends to every route of the
// table: wrong types, huge strings and bodies, NaN/Infinity/negative numbers, NUL and lone
// surrogates, prototype keys, missing and extra fields, malformed escapes and content types.

/** One request: the URL is sent as written (escapes included), the payload as raw text. */
export interface Probe {
  label: string;
  url: string;
  payload?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** Written as raw JSON in place of the string: numbers JSON.parse reads as ±Infinity or huge. */
const RAW = (text: string) => `\u0001RAW:${text}\u0001`;
const RAW_PATTERN = /"\\u0001RAW:([^\\]*)\\u0001"/g;

/** JSON text of `value`, with RAW(...) strings replaced by their raw text. */
export function hostileJson(value: unknown): string {
  return JSON.stringify(value).replace(RAW_PATTERN, (_, raw: string) => raw);
}

/** Values put in place of each body field, with the name a failure report gives them. */
export const HOSTILE_VALUES: readonly (readonly [string, unknown])[] = [
  ['null', null],
  ['true', true],
  ['0', 0],
  ['-1', -1],
  ['-1e308', -1e308],
  ['1.5', 1.5],
  ['2^53+1', 2 ** 53 + 1],
  ['1e400 (Infinity)', RAW('1e400')],
  ['-1e400 (-Infinity)', RAW('-1e400')],
  ["''", ''],
  ["' '", ' '],
  ["'NaN'", 'NaN'],
  ["'Infinity'", 'Infinity'],
  ["'-1'", '-1'],
  ["'1e400'", '1e400'],
  ["'lots'", 'lots'],
  ['20,000 characters', 'x'.repeat(20_000)],
  ['NUL', '\u0000'],
  ['text with NUL', 'a long enough text with a \u0000 NUL in it'],
  ['lone high surrogate', 'a long enough text with a \ud800 lone surrogate'],
  ['lone low surrogate', '\udfff'],
  ['HTML', '<script>alert(1)</script>'],
  ['SQL', "' OR 1=1 --"],
  ['path', '../../etc/passwd'],
  ['[]', []],
  ['[1, a, null]', [1, 'a', null]],
  ['{}', {}],
  ['nested object', { nested: { deeper: ['x'] } }],
];

/** Whole bodies, as raw text. */
export const HOSTILE_BODIES: readonly string[] = [
  '',
  '{',
  'null',
  '[]',
  '"text"',
  '123',
  'true',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":NaN}',
  '{"a":1e400}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"x":"${'a'.repeat(1024 * 1024)}"}`,
];

/** Values for query strings and path parameters, written as they go on the URL. */
export const HOSTILE_URL_VALUES: readonly string[] = [
  '',
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '1e400',
  '%00',
  'a%00b',
  'a%20long%20enough%20text%20with%20a%00NUL',
  'a%20long%20enough%20text%20with%20a%ED%A0%80surrogate',
  '%ED%A0%80',
  '%ZZ',
  '%',
  '%F0%9F',
  'x'.repeat(5000),
  '__proto__',
  'constructor',
  '%2e%2e%2f%2e%2e%2f',
  '%27%20OR%201%3D1',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
];

function withoutKey<T>(object: Record<string, T>, key: string): Record<string, T> {
  const copy = { ...object };
  delete copy[key];
  return copy;
}

/** How deep into a sample body the field variants go (newConfig.decreaseLevels.0.percentage). */
const MAX_FIELD_DEPTH = 4;

/** A copy of `value` with the field at `path` replaced by `replacement` (or removed). */
function replaceAt(value: unknown, path: readonly string[], replacement: unknown, remove: boolean): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? [...value]
    : { ...(value as Record<string, unknown>) };
  const record = copy as Record<string, unknown>;
  if (rest.length === 0 && remove) {
    if (Array.isArray(copy)) copy.splice(Number(head), 1);
    else delete record[head];
  } else {
    record[head] = replaceAt(record[head], rest, replacement, remove);
  }
  return copy;
}

interface ZodDef {
  type: string;
  shape?: Record<string, ZodLike>;
  innerType?: ZodLike;
  in?: ZodLike;
  out?: ZodLike;
  options?: ZodLike[];
}
type ZodLike = { _zod: { def: ZodDef } };

/**
 * The fields an object schema declares (optional ones included), looking through optional,
 * nullable, default, pipe (preprocess) and union wrappers; empty for any other schema.
 */
export function declaredFields(schema: unknown): Record<string, ZodLike> {
  const def = (schema as ZodLike | undefined)?._zod?.def;
  if (!def) return {};
  switch (def.type) {
    case 'object':
      return def.shape ?? {};
    case 'optional':
    case 'nullable':
    case 'default':
      return declaredFields(def.innerType);
    case 'pipe':
      return { ...declaredFields(def.out), ...declaredFields(def.in) };
    case 'union':
      return Object.assign({}, ...(def.options ?? []).map((option) => declaredFields(option)));
    default:
      return {};
  }
}

/**
 * Every field path of a body down to MAX_FIELD_DEPTH: those of the sample (objects and arrays
 * included) and those its schema declares that the sample leaves out.
 */
function fieldPaths(value: unknown, schema: unknown, prefix: readonly string[] = []): string[][] {
  if (prefix.length >= MAX_FIELD_DEPTH) return [];
  const declared = declaredFields(schema);
  const present = value !== null && typeof value === 'object' ? Object.keys(value) : [];
  const keys = [...new Set([...present, ...Object.keys(declared)])];
  const paths: string[][] = [];
  for (const key of keys) {
    const path = [...prefix, key];
    const inner = (value as Record<string, unknown> | null | undefined)?.[key];
    paths.push(path, ...fieldPaths(inner, declared[key], path));
  }
  return paths;
}

/** The body with one field at a time missing or replaced by each hostile value, plus an extra field. */
function bodyVariants(body: Record<string, unknown>, schema: unknown): { label: string; value: unknown }[] {
  const variants: { label: string; value: unknown }[] = [
    { label: 'extra field', value: { ...body, unexpectedField: 'x' } },
    { label: 'no fields', value: {} },
  ];
  for (const path of fieldPaths(body, schema)) {
    const name = path.join('.');
    variants.push({ label: `${name} missing`, value: replaceAt(body, path, undefined, true) });
    for (const [label, hostile] of HOSTILE_VALUES) {
      variants.push({ label: `${name} = ${label}`, value: replaceAt(body, path, hostile, false) });
    }
  }
  return variants;
}

function queryOf(query: Record<string, string>): string {
  return new URLSearchParams(query).toString();
}

/** Every hostile request for one route, built from its valid sample. */
export function hostileProbes(route: RouteSpec, sample: Sample): Probe[] {
  const probes: Probe[] = [];
  const validBody = sample.body === undefined ? undefined : JSON.stringify(sample.body);
  const validUrl = urlWith(route, sample);
  const base = { url: validUrl, ...(validBody === undefined ? {} : { payload: validBody }) };

  for (const name of Object.keys(sample.params ?? {})) {
    for (const value of HOSTILE_URL_VALUES) {
      const params = { ...sample.params, [name]: value };
      probes.push({
        ...base,
        label: `param ${name} = ${value.slice(0, 20)}`,
        url: urlWith(route, { ...sample, params }),
      });
    }
  }

  const query = sample.query ?? {};
  const queryKeys = [
    ...new Set([...Object.keys(query), ...Object.keys(declaredFields(route.schema?.querystring))]),
  ];
  for (const name of queryKeys) {
    for (const value of HOSTILE_URL_VALUES) {
      const raw = [queryOf(withoutKey(query, name)), `${name}=${value}`].filter(Boolean).join('&');
      probes.push({
        ...base,
        label: `query ${name} = ${value.slice(0, 20)}`,
        url: urlWith(route, sample, raw),
      });
    }
    probes.push({
      ...base,
      label: `query ${name} missing`,
      url: urlWith(route, sample, queryOf(withoutKey(query, name))),
    });
    probes.push({
      ...base,
      label: `query ${name} twice`,
      url: urlWith(route, sample, `${queryOf(query)}&${name}=2`),
    });
  }
  for (const raw of [
    '__proto__[polluted]=1',
    'constructor[prototype][polluted]=1',
    '%00=%00',
    'unexpected=1',
  ]) {
    const joined = [queryOf(query), raw].filter(Boolean).join('&');
    probes.push({ ...base, label: `query + ${raw}`, url: urlWith(route, sample, joined) });
  }

  if (route.method !== 'GET') {
    for (const payload of HOSTILE_BODIES) {
      probes.push({ url: validUrl, label: `body ${payload.slice(0, 24)}`, payload });
    }
    for (const contentType of CONTENT_TYPES) {
      probes.push({
        url: validUrl,
        label: `content type ${contentType}`,
        payload: validBody ?? '{}',
        contentType,
      });
    }
    if (route.schema?.body || (sample.body !== null && typeof sample.body === 'object')) {
      const body = (sample.body ?? {}) as Record<string, unknown>;
      for (const variant of bodyVariants(body, route.schema?.body)) {
        probes.push({ url: validUrl, label: `body ${variant.label}`, payload: hostileJson(variant.value) });
      }
    }
  }

  for (const authorization of [
    'Bearer a.b.c',
    `Bearer ${'x'.repeat(8000)}`,
    'Basic cm9vdDpyb290',
    'Bearer',
  ]) {
    probes.push({
      ...base,
      label: `authorization ${authorization.slice(0, 12)}`,
      headers: { authorization },
    });
  }
  if (route.otp) {
    for (const code of ['abcdef', '1'.repeat(200), '']) {
      probes.push({ ...base, label: `otp-token ${code.slice(0, 10)}`, headers: { 'otp-token': code } });
    }
  }
  return probes;
}
