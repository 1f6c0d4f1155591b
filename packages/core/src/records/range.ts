import { CodedError } from '../errors/coded-error.js';

/** Ten years of 365.25 days, ms: the longest range an export, a profit table or a filter reads. */
export const MAX_RECORDS_RANGE_MS = 10 * 365.25 * 86_400_000;

/** 2026-01-31, or 2026-01-31T12:00, …:00, …:00.000, each with Z (UTC) or nothing after it. */
const ISO_UTC = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?Z?)?$/;

/** An ISO date or date-time in UTC as epoch ms; anything else (2026-02-30 too) is RECORDS_DATE_INVALID. */
export function parseUtcDate(text: string, name: string): number {
  const match = ISO_UTC.exec(text);
  if (!match) throw new CodedError('RECORDS_DATE_INVALID', `${name}: ${text.slice(0, 40)}`);
  const [year, month, day, hour, minute, second, ms] = match.slice(1).map((part) => Number(part ?? 0));
  const time = Date.UTC(year!, month! - 1, day!, hour, minute, second, ms);
  const date = new Date(time);
  const exact =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  if (!exact || year! < 1970) throw new CodedError('RECORDS_DATE_INVALID', `${name}: ${text.slice(0, 40)}`);
  return time;
}

/** A range of records in epoch ms: `from` inclusive, `to` exclusive. */
export interface RecordsRange {
  from: number;
  to: number;
}

/**
 * The range of `from` and `to` (ISO dates, UTC; both optional). A missing `to` is `from` + 10
 * years (or `now` + 1 ms, so that a record of this very millisecond is in, when neither is
 * given); a missing `from` is `to` − 10 years (0 at the earliest). `from` after `to` is
 * RECORDS_RANGE_REVERSED, a span over 10 years RECORDS_RANGE_TOO_LONG; `from` = `to` is empty.
 */
export function recordsRange(
  query: { from?: string | undefined; to?: string | undefined },
  now: number,
): RecordsRange {
  const given = {
    from: query.from === undefined || query.from === '' ? undefined : parseUtcDate(query.from, 'from'),
    to: query.to === undefined || query.to === '' ? undefined : parseUtcDate(query.to, 'to'),
  };
  const to = given.to ?? (given.from === undefined ? now + 1 : given.from + MAX_RECORDS_RANGE_MS);
  const from = given.from ?? Math.max(0, to - MAX_RECORDS_RANGE_MS);
  if (from > to) throw new CodedError('RECORDS_RANGE_REVERSED', `${query.from} > ${query.to}`);
  if (to - from > MAX_RECORDS_RANGE_MS)
    throw new CodedError('RECORDS_RANGE_TOO_LONG', `${query.from} – ${query.to}`);
  return { from, to };
}

/** `YYYY-MM-DD HH:MM:SS` in UTC: the exports' time (machine-readable, what tax tools import). */
export function utcDateTime(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ');
}
