import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codeOf } from '../testing/code-of.js';
import {
  boundedString,
  integerInRange,
  integerSchema,
  nonEmptyArray,
  nonEmptyObject,
  numberInRange,
  queryIntegerInRange,
} from './generic.js';

const messagesOf = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe('generic builders', () => {
  it('boundedString counts characters inclusively', () => {
    const schema = boundedString(2, 4);
    expect(schema.parse('ab')).toBe('ab');
    expect(schema.parse('abcd')).toBe('abcd');
    for (const bad of ['a', 'abcde', 3])
      expect(messagesOf(schema, bad)).toEqual(['Must be 2 to 4 characters long']);
    expect(messagesOf(boundedString(1, 2, 'Say it shorter'), 'abc')).toEqual(['Say it shorter']);
  });

  it('numberInRange takes finite numbers inside the bounds', () => {
    const schema = numberInRange(30, 99);
    expect(schema.parse(30)).toBe(30);
    expect(schema.parse(98.5)).toBe(98.5);
    for (const bad of [29.99, 100, Number.NaN, Number.POSITIVE_INFINITY, '50']) {
      expect(messagesOf(schema, bad)).toEqual(['Must be a number from 30 to 99']);
    }
  });

  it('integer and integerInRange refuse fractions and unsafe integers', () => {
    expect(integerSchema().parse(-7)).toBe(-7);
    expect(messagesOf(integerSchema(), 1.5)).toEqual(['Must be an integer']);
    expect(messagesOf(integerSchema(), 2 ** 53)).toEqual(['Must be an integer']); // beyond MAX_SAFE_INTEGER
    expect(integerInRange(1, 3).parse(3)).toBe(3);
    for (const bad of [0, 4, 2.5])
      expect(messagesOf(integerInRange(1, 3), bad)).toEqual(['Must be an integer from 1 to 3']);
  });

  it('queryIntegerInRange reads decimal-digit strings only', () => {
    const schema = queryIntegerInRange(0, 100);
    expect(schema.parse('007')).toBe(7);
    expect(schema.parse('-0')).toBe(-0);
    expect(schema.parse(42)).toBe(42);
    for (const bad of ['', '1e2', '0x1', '+5', '5 ', '101']) {
      expect(messagesOf(schema, bad)).toEqual(['Must be an integer from 0 to 100']);
    }
  });

  it('nonEmptyObject wants one field at least and no unknown keys', () => {
    const schema = nonEmptyObject({ cpu: z.number().optional(), disk: z.number().optional() });
    expect(schema.parse({ cpu: 80 })).toEqual({ cpu: 80 });
    expect(messagesOf(schema, {})).toEqual(['At least one field is required']);
    expect(messagesOf(schema, { cpu: undefined })).toEqual(['At least one field is required']);
    expect(schema.safeParse({ ram: 1 }).success).toBe(false);
  });

  it('nonEmptyArray wants 1 to max items', () => {
    const schema = nonEmptyArray(z.string(), 2);
    expect(schema.parse(['a'])).toEqual(['a']);
    for (const bad of [[], ['a', 'b', 'c'], 'a'])
      expect(messagesOf(schema, bad)).toEqual(['Must hold 1 to 2 items']);
  });

  it('refuses impossible bounds with INVALID_VALUE', () => {
    expect(codeOf(() => boundedString(5, 2))).toBe(1500);
    expect(codeOf(() => numberInRange(Number.NaN, 1))).toBe(1500);
    expect(codeOf(() => nonEmptyArray(z.string(), 0))).toBe(1500);
  });
});
