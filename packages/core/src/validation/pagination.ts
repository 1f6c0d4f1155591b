import { z } from 'zod';
import { MAX_EPOCH_MS } from '../numbers/format-date.js';
import { queryIntegerInRange } from './generic.js';

/** Lists return at most 30 records a page, newest first (docs/trading-api.md). */
export const MAX_PAGE_LIMIT = 30;
/** Six years of 365.25 days: 6 × 365.25 × 86,400,000 = 189,345,600,000 ms. */
export const MAX_RANGE_QUERY_MS = 189_345_600_000;

/** Page size, 1–30; query strings are read as integers. */
export const pageLimitSchema = queryIntegerInRange(
  1,
  MAX_PAGE_LIMIT,
  'The limit must be an integer from 1 to 30',
);

const epochMs = (name: string) =>
  queryIntegerInRange(0, MAX_EPOCH_MS, `${name} must be a time in epoch milliseconds (an integer ≥ 0)`);

/** Exclusive cursors: the page starts after the record with this id or time. */
export const startAtIDSchema = queryIntegerInRange(
  0,
  Number.MAX_SAFE_INTEGER,
  'startAtID must be an integer ≥ 0',
).optional();
export const startAtEventTimeSchema = epochMs('startAtEventTime').optional();
export const startAtOpenTimeSchema = epochMs('startAtOpenTime').optional();

/** Query of a list paged by id. */
export const idPageQuerySchema = z.object({ limit: pageLimitSchema, startAtID: startAtIDSchema });
export type IdPageQuery = z.infer<typeof idPageQuerySchema>;
/** Query of a list paged by event time (notifications, API errors, event history). */
export const eventTimePageQuerySchema = z.object({
  limit: pageLimitSchema,
  startAtEventTime: startAtEventTimeSchema,
});
export type EventTimePageQuery = z.infer<typeof eventTimePageQuerySchema>;
/** Query of a list paged by open time (positions). */
export const openTimePageQuerySchema = z.object({
  limit: pageLimitSchema,
  startAtOpenTime: startAtOpenTimeSchema,
});
export type OpenTimePageQuery = z.infer<typeof openTimePageQuerySchema>;

/** A range query answers at most this many records a page (the newest first). */
export const MAX_RANGE_PAGE_LIMIT = 100;

/**
 * A time range {startAt?, endAt?} in epoch ms with startAt ≤ endAt and at most six years between
 * them, read a page at a time: `limit` (1–100, default 100) records, newest first, opened before
 * the exclusive cursor `startAtOpenTime` when given. Both range checks need both ends; a server
 * that fills a missing end (say with `now`) must check the span again with `MAX_RANGE_QUERY_MS`.
 */
export const rangeQuerySchema = z
  .object({
    startAt: epochMs('startAt').optional(),
    endAt: epochMs('endAt').optional(),
    limit: queryIntegerInRange(
      1,
      MAX_RANGE_PAGE_LIMIT,
      `The limit must be an integer from 1 to ${MAX_RANGE_PAGE_LIMIT}`,
    ).optional(),
    startAtOpenTime: startAtOpenTimeSchema,
  })
  .refine(({ startAt, endAt }) => startAt === undefined || endAt === undefined || startAt <= endAt, {
    message: 'startAt must not be after endAt',
    path: ['endAt'],
  })
  .refine(
    ({ startAt, endAt }) =>
      startAt === undefined || endAt === undefined || endAt - startAt <= MAX_RANGE_QUERY_MS,
    { message: 'The range must not exceed 6 years', path: ['endAt'] },
  );
export type RangeQuery = z.infer<typeof rangeQuerySchema>;
