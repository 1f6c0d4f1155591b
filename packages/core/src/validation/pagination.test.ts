import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  eventTimePageQuerySchema,
  idPageQuerySchema,
  MAX_RANGE_QUERY_MS,
  openTimePageQuerySchema,
  pageLimitSchema,
  rangeQuerySchema,
} from './pagination.js';

const issuesOf = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('pageLimitSchema', () => {
  it('reads integers 1–30 from numbers and query strings', () => {
    expect(pageLimitSchema.parse('15')).toBe(15);
    expect(pageLimitSchema.parse(1)).toBe(1);
    expect(pageLimitSchema.parse('30')).toBe(30);
  });
  it.each(['0', '31', '-1', '', ' ', '1e1', '0x10', '15.0', 15.5, null, undefined, 'ten'])(
    'refuses %j',
    (limit) => {
      expect(issuesOf(pageLimitSchema, limit)).toEqual([': The limit must be an integer from 1 to 30']);
    },
  );
});

describe('page queries', () => {
  it('take the limit and an optional exclusive cursor', () => {
    expect(idPageQuerySchema.parse({ limit: '10' })).toEqual({ limit: 10 });
    expect(idPageQuerySchema.parse({ limit: '10', startAtID: '42' })).toEqual({ limit: 10, startAtID: 42 });
    expect(eventTimePageQuerySchema.parse({ limit: 15, startAtEventTime: '1772719629000' })).toEqual({
      limit: 15,
      startAtEventTime: 1772719629000,
    });
    expect(openTimePageQuerySchema.parse({ limit: '5', startAtOpenTime: '0' })).toEqual({
      limit: 5,
      startAtOpenTime: 0,
    });
  });

  it('names a bad cursor', () => {
    expect(issuesOf(idPageQuerySchema, { limit: 5, startAtID: '-1' })).toEqual([
      'startAtID: startAtID must be an integer ≥ 0',
    ]);
    expect(issuesOf(eventTimePageQuerySchema, { limit: 5, startAtEventTime: '2026-03-05' })).toEqual([
      'startAtEventTime: startAtEventTime must be a time in epoch milliseconds (an integer ≥ 0)',
    ]);
    expect(issuesOf(openTimePageQuerySchema, { startAtOpenTime: 1.5 })).toEqual([
      'limit: The limit must be an integer from 1 to 30',
      'startAtOpenTime: startAtOpenTime must be a time in epoch milliseconds (an integer ≥ 0)',
    ]);
  });
});

describe('rangeQuerySchema', () => {
  const start = Date.UTC(2020, 0, 1);

  it('accepts open and closed ranges of up to six years', () => {
    expect(MAX_RANGE_QUERY_MS).toBe(6 * 365.25 * 86_400_000);
    expect(rangeQuerySchema.parse({})).toEqual({});
    expect(rangeQuerySchema.parse({ startAt: String(start) })).toEqual({ startAt: start });
    expect(rangeQuerySchema.parse({ startAt: start, endAt: start })).toEqual({
      startAt: start,
      endAt: start,
    });
    const end = start + MAX_RANGE_QUERY_MS;
    expect(rangeQuerySchema.parse({ startAt: start, endAt: end })).toEqual({ startAt: start, endAt: end });
  });

  it('refuses reversed and too-long ranges and bad times', () => {
    expect(issuesOf(rangeQuerySchema, { startAt: start, endAt: start - 1 })).toEqual([
      'endAt: startAt must not be after endAt',
    ]);
    expect(issuesOf(rangeQuerySchema, { startAt: start, endAt: start + MAX_RANGE_QUERY_MS + 1 })).toEqual([
      'endAt: The range must not exceed 6 years',
    ]);
    expect(issuesOf(rangeQuerySchema, { startAt: -5 })).toEqual([
      'startAt: startAt must be a time in epoch milliseconds (an integer ≥ 0)',
    ]);
  });
});
