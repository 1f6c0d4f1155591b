import { CodedError } from '../errors/coded-error.js';

/**
 * Date styles, shown here for
 * 1772719629000 ms (2026-03-05T14:07:09Z) in UTC:
 * - short  `dd/LL/yyyy`                     → '05/03/2026'
 * - medium `dd/LL/yyyy HH:mm`               → '05/03/2026 14:07'
 * - long   `d MMMM yyyy, HH:mm:ss UTC±hh:mm` → '5 March 2026, 14:07:09 UTC' (offset shown unless 0)
 * Hours are 00–23. Month names are English and come from our table, not from the runtime's locale
 * data, so output is the same on every runtime.
 */
const DATE_STYLES = ['short', 'medium', 'long'] as const;
export type DateStyle = (typeof DATE_STYLES)[number];

/** Options of `formatDate`. */
export interface DateFormatOptions {
  /** Default 'short'. */
  style?: DateStyle;
  /** An IANA time zone such as 'Europe/Madrid'; default 'UTC' so results are deterministic. */
  timeZone?: string;
}

/** The largest epoch ms a JavaScript Date can hold (±100,000,000 days). */
export const MAX_EPOCH_MS = 8.64e15;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

interface CalendarFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// One formatter per time zone: building Intl.DateTimeFormat is far slower than using it.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    throw new CodedError('INVALID_TIME_ZONE', timeZone);
  }
  formatters.set(timeZone, formatter);
  return formatter;
}

/** The wall-clock fields of an instant in a time zone. */
function calendarFields(epochMs: number, timeZone: string): CalendarFields {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) fields[part.type] = Number(part.value);
  const { year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0 } = fields;
  return { year, month, day, hour, minute, second };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** 'UTC' at offset 0, else 'UTC+01:00' / 'UTC-03:30': the wall clock minus the instant. */
function offsetLabel(epochMs: number, fields: CalendarFields): string {
  const wall = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second);
  // The fields drop milliseconds, so compare with the instant floored to its second (epochMs ≥ 0).
  const minutes = Math.round((wall - Math.floor(epochMs / 1000) * 1000) / 60_000);
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Formats an instant (epoch ms, 0 to MAX_EPOCH_MS) as a date in one of the `DATE_STYLES`. */
export function formatDate(epochMs: number, options: DateFormatOptions = {}): string {
  if (typeof epochMs !== 'number') throw new CodedError('INVALID_TYPE', `epoch ms is ${typeof epochMs}`);
  if (!Number.isFinite(epochMs) || epochMs > MAX_EPOCH_MS)
    throw new CodedError('INVALID_VALUE', String(epochMs));
  if (epochMs < 0) throw new CodedError('NEGATIVE_VALUE_NOT_ALLOWED', String(epochMs));
  const style = options?.style ?? 'short';
  if (!DATE_STYLES.includes(style)) throw new CodedError('INVALID_DATE_STYLE', String(style));
  const timeZone = options?.timeZone ?? 'UTC';
  if (typeof timeZone !== 'string') throw new CodedError('INVALID_TIME_ZONE', String(timeZone));
  const fields = calendarFields(epochMs, timeZone);
  const date = `${pad(fields.day)}/${pad(fields.month)}/${pad(fields.year, 4)}`;
  if (style === 'short') return date;
  const time = `${pad(fields.hour)}:${pad(fields.minute)}`;
  if (style === 'medium') return `${date} ${time}`;
  const month = MONTHS[fields.month - 1];
  return `${fields.day} ${month} ${pad(fields.year, 4)}, ${time}:${pad(fields.second)} ${offsetLabel(epochMs, fields)}`;
}
