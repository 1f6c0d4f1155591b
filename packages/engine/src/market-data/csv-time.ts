/** Parsers for the open-time columns of the shipped CSV layouts. Both are UTC without a zone. */

const BINANCE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const COINBASE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2})-(AM|PM)$/;

/** `2025-03-30 00:15:00` → ms since the epoch, or null when it is not a real UTC time. */
export function parseBinanceTime(text: string): number | null {
  const match = BINANCE_TIME.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  if (h! > 23 || mi! > 59 || s! > 59) return null;
  return utc(y!, mo!, d!, h!, mi!, s!);
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
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return ms;
}
