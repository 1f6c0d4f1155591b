/**
 * CSV (RFC 4180): fields with a comma, a quote or a line break are quoted and their quotes
 * doubled; lines end with CRLF. A field starting with =, +, -, @, a tab or a carriage return that
 * is not a number is prefixed with ' so a spreadsheet does not run it as a formula (OWASP's CSV
 * injection list: a spreadsheet drops a leading tab or CR and reads the formula after it). A
 * number, or decimal text, stays as it is: -12.5 is a number, not a formula. The one CSV writer:
 * the lab's downloads and the operator's record exports both use it.
 */
export type CsvValue = string | number | null;

/** Decimal text a spreadsheet reads as a number, exponent included (-1.5e-7). */
const NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

export function csvField(value: CsvValue): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, its CRLF included. */
export function csvLine(row: readonly CsvValue[]): string {
  return `${row.map(csvField).join(',')}\r\n`;
}

/** A whole (small) CSV text: the header and the rows. */
export function csvText(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map(csvLine).join('');
}
