import type { z } from 'zod';
import type { ErrorName } from '../errors/catalogue.js';
import { parseWith } from '../validation/parse.js';

/*
 * Configs reach the per-tick functions on every tick; running their schema each time would cost
 * more than the indicator. A parsed config is deep-frozen and remembered here, so a later check of
 * the same object is one WeakSet lookup; any other object (a literal, a mutable copy) is checked in
 * full every time. Frozen objects cannot change, so a remembered one is still valid: the cache
 * never changes an answer, only its cost.
 */
const validated = new WeakMap<z.ZodType, WeakSet<object>>();

function seen(schema: z.ZodType): WeakSet<object> {
  let set = validated.get(schema);
  if (!set) {
    set = new WeakSet();
    validated.set(schema, set);
  }
  return set;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen);
}

/** Parses a config and returns it deep-frozen (so the hot paths can skip re-checking it). */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  input: unknown,
  errorName: ErrorName,
): z.output<S> {
  const config = deepFreeze(parseWith(schema, input, errorName));
  if (typeof config === 'object' && config !== null) seen(schema).add(config);
  return config;
}

/** Throws `errorName` naming every bad field unless `config` satisfies `schema`; returns it. */
export function checkConfig<T>(schema: z.ZodType<T>, config: T, errorName: ErrorName): T {
  const set = seen(schema);
  if (typeof config === 'object' && config !== null && set.has(config)) return config;
  parseWith(schema, config, errorName);
  if (typeof config === 'object' && config !== null && isDeepFrozen(config)) set.add(config);
  return config;
}
