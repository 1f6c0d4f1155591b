import { describeOrderReason } from '@balancer/core';
import type { LabFill, LabPosition } from '../report';

/**
 * CSV text (RFC 4180): fields with a comma, a quote or a line break are quoted and their quotes
 * doubled; lines end with CRLF. A field starting with =, +, -, @, a tab or a carriage return that
 * is not a number is prefixed with ' so a spreadsheet does not run it as a formula (OWASP's CSV
 * injection list: a spreadsheet drops a leading tab or CR and reads the formula after it). A
 * number, or decimal text, stays as it is: -12.5 is a number, not a formula.
 */
export function csvText(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Decimal text a spreadsheet reads as a number, exponent included (-1.5e-7). */
const NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const FILLS_HEADER = [
  'id',
  'time',
  'side',
  'price',
  'amount',
  'quote_amount',
  'commission',
  'level',
  'why',
];

/** The fills, oldest first, as the report has them (decimal text kept as it is). */
export function fillsCsv(fills: readonly LabFill[]): string {
  return csvText(
    FILLS_HEADER,
    fills.map((fill) => [
      fill.id,
      fill.time,
      fill.side,
      fill.price,
      fill.amount,
      fill.quoteAmount,
      fill.commission,
      fill.level,
      // Why the strategy ordered it (core's words); empty in a report stored before reasons.
      fill.reason === undefined ? '' : describeOrderReason(fill.reason),
    ]),
  );
}

export const POSITIONS_HEADER = [
  'number',
  'opened',
  'closed',
  'entry_price',
  'btc_held',
  'quote_in',
  'quote_out',
  'value',
  'pnl',
  'roi_percent',
  'trades',
  'decrease_levels',
];

/** The strategy's positions at the last close; the five decrease levels in one field. */
export function positionsCsv(positions: readonly LabPosition[]): string {
  return csvText(
    POSITIONS_HEADER,
    positions.map((position, i) => [
      i + 1,
      position.openTime,
      position.closeTime,
      position.entryPrice,
      position.amount,
      position.amountQuoteIn,
      position.amountQuoteOut,
      position.amountQuote,
      position.pnl,
      position.roi,
      position.trades,
      position.decreasePriceLevels.join(' '),
    ]),
  );
}
