/*
 * The stream's keyed diff: what changed between two JSON values of the same shape, as the fields to
 * set and the paths to remove, and its application. Pure and free of the schema library (the web
 * app's first load applies patches). Plain objects are compared key by key, recursively; anything
 * else (arrays, strings, numbers, booleans, null) is replaced whole when it differs.
 */

/** A plain object as JSON carries it. */
export type JsonObject = { [key: string]: unknown };

/** The changes from one value to the next: fields to set (nested as in the value), paths to remove. */
export interface ObjectPatch {
  /** Changed or new fields, nested like the value: an object here merges into the base's object. */
  set?: JsonObject;
  /** Paths of the fields the next value no longer has, each a list of keys from the top. */
  unset?: string[][];
}

export const isPlainObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether two JSON values are equal (undefined fields count as absent). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameJson(item, b[i]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (!sameJson(a[key], b[key])) return false;
  return true;
}

/** What turns `previous` into `next`; both plain objects. An empty patch has neither field. */
export function diffObjects(previous: JsonObject, next: JsonObject): ObjectPatch {
  const set: JsonObject = {};
  const unset: string[][] = [];
  collect(previous, next, [], set, unset);
  return {
    ...(Object.keys(set).length > 0 ? { set } : {}),
    ...(unset.length > 0 ? { unset } : {}),
  };
}

function collect(previous: JsonObject, next: JsonObject, path: string[], set: JsonObject, unset: string[][]) {
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined) continue;
    const before = previous[key];
    if (isPlainObject(before) && isPlainObject(value)) {
      const inner: JsonObject = {};
      collect(before, value, [...path, key], inner, unset);
      if (Object.keys(inner).length > 0) set[key] = inner;
    } else if (!sameJson(before, value)) set[key] = value;
  }
  for (const [key, value] of Object.entries(previous)) {
    if (value !== undefined && next[key] === undefined) unset.push([...path, key]);
  }
}

/**
 * `base` with the patch applied: paths removed, then `set` merged (an object into an object key by
 * key, anything else replacing). Returns a new object; the parts the patch does not touch are the
 * base's own (same references), so unchanged slices compare equal by identity.
 */
export function applyObjectPatch<T extends JsonObject>(base: T, patch: ObjectPatch): T {
  let result: JsonObject = base;
  for (const path of patch.unset ?? []) result = without(result, path);
  if (patch.set) result = merged(result, patch.set);
  return result as T;
}

function without(value: JsonObject, path: string[]): JsonObject {
  const [key, ...rest] = path;
  if (key === undefined || !Object.hasOwn(value, key)) return value;
  if (rest.length === 0) {
    const { [key]: _removed, ...kept } = value;
    return kept;
  }
  const inner = value[key];
  return isPlainObject(inner) ? { ...value, [key]: without(inner, rest) } : value;
}

function merged(base: JsonObject, set: JsonObject): JsonObject {
  const result: JsonObject = { ...base };
  for (const [key, value] of Object.entries(set)) {
    const before = base[key];
    result[key] = isPlainObject(before) && isPlainObject(value) ? merged(before, value) : value;
  }
  return result;
}
