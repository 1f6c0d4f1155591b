/** Parsers for the open-time columns of the shipped CSV layouts. Both are UTC without a zone. */

const COINBASE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2})-(AM|PM)$/;

/**
 * `2025-03-30 00:15:00` → ms since the epoch, or null when it is not a real UTC time. Read by
 * position, not a regular expression: the simulator parses its ~35,000 rows at every start.
 */
export function parseBinanceTime(text: string): number | null {
  if (text.length !== 19) return null;
  if (text[4] !== '-' || text[7] !== '-' || text[10] !== ' ' || text[13] !== ':' || text[16] !== ':')
    return null;
  const y = digits(text, 0, 4);
  const mo = digits(text, 5, 2);
  const d = digits(text, 8, 2);
  const h = digits(text, 11, 2);
  const mi = digits(text, 14, 2);
  const s = digits(text, 17, 2);
  if (y < 0 || mo < 0 || d < 0 || h < 0 || mi < 0 || s < 0) return null;
  if (h > 23 || mi > 59 || s > 59) return null;
  return utc(y, mo, d, h, mi, s);
}

/** The decimal number of `length` ASCII digits at `start`, or -1 when one is not a digit. */
function digits(text: string, start: number, length: number): number {
  let value = 0;
  for (let i = start; i < start + length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * `2019-10-17 09-AM` (12-hour clock, the hour's open time) → ms since the epoch, or null.
 * 12-AM is 00:00 and 12-PM is 12:00; hours run 01–12.
 */
export function parseCoinbaseTime(text: string): number | null {
  const match = COINBASE_TIME.exec(text);
  if (!match) return null;
  const hour12 = Number(match[4]);
  if (hour12 < 1 || hour12 > 12) return null;
  const hour = (hour12 % 12) + (match[5] === 'PM' ? 12 : 0);
  return utc(Number(match[1]), Number(match[2]), Number(match[3]), hour, 0, 0);
}

/** Date.UTC that refuses impossible dates (Date.UTC would roll 2025-02-30 into March). */
function utc(year: number, month: number, day: number, hour: number, minute: number, second: number) {
  if (month < 1 || month > 12 || day < 1) return null;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  // Every month has 28 days (and Date.UTC maps years 0–99 to 1900–1999: those are checked too).
  if (day <= 28 && year >= 100) return ms;
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return ms;
}
