import { CodedError } from '@balancer/core';
import { allocateCandles, type CandleTable, commonInterval } from './candle-table.js';
import { CSV_LAYOUTS, type CsvLayout, type CsvLayoutId } from './csv-layouts.js';

/** A plain non-negative decimal as the exchanges write it (no sign, exponent or spaces). */
const DECIMAL = /^\d+(\.\d+)?$/;

/** Candles parsed from one CSV text, with the layout that was recognised. */
export interface ParsedCandles {
  readonly table: CandleTable;
  readonly layout: CsvLayoutId;
}

/**
 * Parses a candle CSV in one of the known layouts (`CSV_LAYOUTS`) and validates every row:
 * the field count, a real UTC time, numeric prices > 0 and volume ≥ 0, low ≤ open, close ≤ high.
 * Rows may come in any order (CryptoDataDownload writes newest first); they are sorted by open
 * time and two rows with the same time are an error. Empty lines are skipped.
 * Errors are `BACKTEST_DATA_*` coded errors whose detail starts with `file:line`.
 */
export function parseCandleCsv(text: string, file: string): ParsedCandles {
  const rows = startRows(text, file);
  collectRows(rows, rows.lines.length);
  return tableOf(rows);
}

/**
 * The same as parseCandleCsv, giving the event loop a turn every `rowsPerTurn` lines: the
 * simulator parses its ~35,000 rows at each start, while the server already answers requests.
 */
export async function parseCandleCsvInTurns(
  text: string,
  file: string,
  rowsPerTurn = 4_000,
): Promise<ParsedCandles> {
  const rows = startRows(text, file);
  while (rows.next < rows.lines.length) {
    collectRows(rows, Math.min(rows.lines.length, rows.next + rowsPerTurn));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return tableOf(rows);
}

/** Rows read so far from the lines of one file. */
interface RowsSoFar {
  readonly file: string;
  readonly lines: string[];
  readonly layout: CsvLayout;
  /** The next line to read. */
  next: number;
  readonly times: number[];
  readonly values: number[];
  readonly lineNumbers: number[];
}

function startRows(text: string, file: string): RowsSoFar {
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  const { layout, firstRow } = detectLayout(lines, file);
  return { file, lines, layout, next: firstRow, times: [], values: [], lineNumbers: [] };
}

/** Reads the lines up to (not including) `end`. */
function collectRows(rows: RowsSoFar, end: number): void {
  const { lines, layout, file, times, values, lineNumbers } = rows;
  for (let index = rows.next; index < end; index++) {
    const line = stripCr(lines[index]!);
    if (line === '') continue;
    const row = parseRow(line, layout, file, index + 1);
    times.push(row[0]);
    values.push(row[1], row[2], row[3], row[4], row[5]);
    lineNumbers.push(index + 1);
  }
  rows.next = end;
}

/** The rows in time order, checked for repeated times. */
function tableOf({ file, layout, times, values, lineNumbers }: RowsSoFar): ParsedCandles {
  if (times.length === 0) throw new CodedError('BACKTEST_NO_CANDLES', `${file} has no candle rows`);
  const order = ascendingOrder(times);
  const table = allocateCandles(times.length);
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    if (k > 0 && times[i] === table.time[k - 1]) {
      const previous = lineNumbers[order[k - 1]!];
      throw new CodedError(
        'BACKTEST_DATA_DUPLICATE_TIME',
        `${file}:${lineNumbers[i]}: the same open time as line ${previous}`,
      );
    }
    table.time[k] = times[i]!;
    table.open[k] = values[i * 5]!;
    table.high[k] = values[i * 5 + 1]!;
    table.low[k] = values[i * 5 + 2]!;
    table.close[k] = values[i * 5 + 3]!;
    table.volume[k] = values[i * 5 + 4]!;
  }
  return { table: { ...table, intervalMs: commonInterval(table.time) }, layout: layout.id };
}

function stripCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/** Finds the layout by its header line (after an optional attribution line). */
function detectLayout(lines: string[], file: string): { layout: CsvLayout; firstRow: number } {
  const first = stripCr(lines[0] ?? '').trim();
  const second = stripCr(lines[1] ?? '').trim();
  for (const layout of CSV_LAYOUTS) {
    if (first === layout.header) return { layout, firstRow: 1 };
    if (layout.attributionPrefix && first.startsWith(layout.attributionPrefix) && second === layout.header) {
      return { layout, firstRow: 2 };
    }
  }
  const known = CSV_LAYOUTS.map((layout) => `"${layout.header}"`).join(' or ');
  throw new CodedError('BACKTEST_DATA_UNKNOWN_LAYOUT', `${file}:1: expected a header ${known}`);
}

/**
 * [time, open, high, low, close, volume] of one row (line `lineNumber` of `file`), or a
 * BACKTEST_DATA_BAD_ROW error. The error's place is built only on failure: the simulator parses
 * every row at each start.
 */
function parseRow(
  line: string,
  layout: CsvLayout,
  file: string,
  lineNumber: number,
): [number, number, number, number, number, number] {
  const where = () => `${file}:${lineNumber}`;
  const fields = line.split(',');
  if (fields.length !== layout.fieldCount) {
    throw new CodedError(
      'BACKTEST_DATA_BAD_ROW',
      `${where()}: expected ${layout.fieldCount} fields, got ${fields.length}`,
    );
  }
  const columns = layout.columns;
  const timeText = fields[columns.time]!.trim();
  const time = layout.parseTime(timeText);
  if (time === null) {
    throw new CodedError(
      'BACKTEST_DATA_BAD_ROW',
      `${where()}: bad time "${timeText}" (expected like ${layout.timeExample})`,
    );
  }
  const open = decimalField(fields, columns.open, 'open', where);
  const high = decimalField(fields, columns.high, 'high', where);
  const low = decimalField(fields, columns.low, 'low', where);
  const close = decimalField(fields, columns.close, 'close', where);
  const volume = decimalField(fields, columns.volume, 'volume', where);
  if (low <= 0)
    throw new CodedError('BACKTEST_DATA_BAD_ROW', `${where()}: low ${low} must be greater than 0`);
  if (low > open || low > close || open > high || close > high) {
    throw new CodedError(
      'BACKTEST_DATA_BAD_ROW',
      `${where()}: prices out of order (need low ≤ open, close ≤ high; got o ${open} h ${high} l ${low} c ${close})`,
    );
  }
  return [time, open, high, low, close, volume];
}

/** The plain decimal in `fields[column]` as a number, or a BACKTEST_DATA_BAD_ROW error. */
function decimalField(fields: string[], column: number, name: string, where: () => string): number {
  const text = fields[column]!.trim();
  if (!DECIMAL.test(text))
    throw new CodedError('BACKTEST_DATA_BAD_ROW', `${where()}: ${name} "${text}" is not a number ≥ 0`);
  return Number(text);
}

/** Indices that visit `times` in ascending order (identity when already ascending). */
function ascendingOrder(times: number[]): number[] {
  const order = times.map((_, index) => index);
  let ascending = true;
  for (let i = 1; i < times.length && ascending; i++) if (times[i]! < times[i - 1]!) ascending = false;
  if (!ascending) order.sort((a, b) => times[a]! - times[b]!);
  return order;
}
