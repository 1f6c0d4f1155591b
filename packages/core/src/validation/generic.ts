import { z } from 'zod';
import { CodedError } from '../errors/coded-error.js';

/**
 * Builders for the spec's generic checks: string length bounds, numeric range,
 * integer, non-empty object, non-empty array. Each returns a zod schema whose every issue carries
 * one clear message (the caller's, or a default naming the bounds), so a form shows one line.
 */

function checkBounds(min: number, max: number): void {
  if (!Number.isFinite(min) || !Number.isFinite(max) || min > max) {
    throw new CodedError('INVALID_VALUE', `bounds ${min} to ${max}`);
  }
}

/** A string of `min` to `max` characters (UTF-16 code units, as `String.length` counts). */
export function boundedString(
  min: number,
  max: number,
  message = `Must be ${min} to ${max} characters long`,
) {
  checkBounds(min, max);
  return z.string({ error: message }).min(min, message).max(max, message);
}

/** A finite number from `min` to `max` inclusive (zod refuses NaN and ±Infinity). */
export function numberInRange(min: number, max: number, message = `Must be a number from ${min} to ${max}`) {
  checkBounds(min, max);
  return z.number({ error: message }).min(min, message).max(max, message);
}

/** A safe integer (|n| ≤ 2^53 − 1). */
export function integerSchema(message = 'Must be an integer') {
  return z.int({ error: message });
}

/** A safe integer from `min` to `max` inclusive. */
export function integerInRange(
  min: number,
  max: number,
  message = `Must be an integer from ${min} to ${max}`,
) {
  checkBounds(min, max);
  return z.int({ error: message }).min(min, message).max(max, message);
}

const DECIMAL_INTEGER = /^-?\d{1,16}$/;

/**
 * `integerInRange` for query strings and route params, which arrive as text: a string of plain
 * decimal digits becomes its number first. Unlike `z.coerce.number()`, '', ' ', '1e3', '0x10'
 * and '1.0' stay strings and fail, so only what the client clearly meant as an integer passes.
 */
export function queryIntegerInRange(
  min: number,
  max: number,
  message = `Must be an integer from ${min} to ${max}`,
) {
  return z.preprocess(
    (value) => (typeof value === 'string' && DECIMAL_INTEGER.test(value) ? Number(value) : value),
    integerInRange(min, max, message),
  );
}

/**
 * A strict object (unknown keys refused) with at least one field given: for partial updates,
 * whose fields are all optional.
 */
export function nonEmptyObject<Shape extends z.ZodRawShape>(
  shape: Shape,
  message = 'At least one field is required',
) {
  return z
    .strictObject(shape)
    .refine((value) => Object.values(value).some((field) => field !== undefined), { message });
}

/** An array of 1 to `max` items (default 1,000, a sane cap for request bodies). */
export function nonEmptyArray<Item extends z.ZodType>(
  item: Item,
  max = 1000,
  message = `Must hold 1 to ${max} items`,
) {
  checkBounds(1, max);
  return z.array(item, { error: message }).min(1, message).max(max, message);
}
