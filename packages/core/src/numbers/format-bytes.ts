import { CodedError } from '../errors/coded-error.js';
import { type Decimal, type DecimalInput, type RoundingMode, roundDecimal, toDecimal } from './decimal.js';
import { checkRoundingMode, groupThousands } from './format-amount.js';

/** Byte units in steps of 1024; 'kB' keeps the spec's lower-case k. */
export const BYTE_UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;
export type ByteUnit = (typeof BYTE_UNITS)[number];

/** Options of `formatBytes`. */
export interface ByteFormatOptions {
  /** At most this many decimals (0–100, default 2); trailing zeros are dropped. */
  decimalPlaces?: number;
  /** Rounding mode, default 'ROUND_HALF_UP'. */
  mode?: RoundingMode;
}

const STEP = 1024;

/**
 * A byte count in the largest unit that keeps the number at least 1: 1536 → '1.5 kB',
 * 1023 → '1,023 B', 0 → '0 B'. At most 2 decimals by default, trailing zeros dropped, thousands
 * commas (only reachable in bytes below 1 kB and beyond 1024 YB). A value that rounds up to 1024
 * moves to the next unit (1048575 B is '1 MB', not '1024 kB'). The count is a non-negative
 * integer; strings carry sizes beyond 2^53 exactly (PostgreSQL's bigint sizes).
 */
export function formatBytes(bytes: DecimalInput, options: ByteFormatOptions = {}): string {
  const count = toDecimal(bytes);
  if (count.isLessThan(0)) throw new CodedError('NEGATIVE_VALUE_NOT_ALLOWED', String(bytes));
  if (!count.isInteger()) throw new CodedError('INVALID_INTEGER', String(bytes));
  const decimalPlaces = options?.decimalPlaces ?? 2;
  const mode = checkRoundingMode(options?.mode);
  const last = BYTE_UNITS.length - 1;
  let unit = 0;
  let scaled: Decimal = count;
  while (unit < last && scaled.isGreaterThanOrEqualTo(STEP)) {
    scaled = scaled.dividedBy(STEP);
    unit += 1;
  }
  let rounded = roundDecimal(scaled, decimalPlaces, mode);
  if (unit < last && rounded.isGreaterThanOrEqualTo(STEP)) {
    unit += 1;
    rounded = roundDecimal(scaled.dividedBy(STEP), decimalPlaces, mode);
  }
  // toFixed() without an argument keeps the rounded digits only, so trailing zeros are gone.
  return `${groupThousands(rounded.toFixed())} ${BYTE_UNITS[unit]}`;
}
