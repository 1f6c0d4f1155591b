import { closeSync, fsyncSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import { CodedError } from '@balancer/core';
import { allocateCandles, type CandleTable, commonInterval } from './candle-table.js';

// A candle file of our own: what a download appends to and a backtest loads, ~50× faster than
// parsing the CSV (no text: one read, then the rows copied into the table's columns).
//
// Layout, little-endian:
//   0   8 bytes  magic "BALCNDL1"
//   8   uint32   header size H (the data starts at H; a multiple of 8)
//   12  uint32   bytes per row (48)
//   16  float64  rows written (updated after the rows themselves: see append)
//   24  float64  candle interval, ms (the timeframe's; the table's own is recomputed on load)
//   32  uint32   length of the JSON description that follows at 40
//   36  uint32   0 (reserved)
//   40  JSON     the description (CandleFileInfo), then zeros up to H
//   H   rows     [open time ms, open, high, low, close, volume] as float64 each, oldest first
//
// A crash between writing rows and updating the count leaves the rows past the count unread:
// the file is always a valid table of the candles counted, and an append starts again after them.

/** The file name ending of a candle set. */
export const CANDLE_SET_EXTENSION = '.candles';

/** Where candle sets are kept: `market-data/` of the data folder (BALANCER_DATA_DIR). */
export function candleSetFolder(dataDir: string): string {
  return path.resolve(dataDir, 'market-data');
}

const MAGIC = 'BALCNDL1';
const ROW_FIELDS = 6;
const ROW_BYTES = ROW_FIELDS * 8;
const FIXED = 40;
const COUNT_AT = 16;

/** What a candle file holds: where its candles came from. */
export interface CandleFileInfo {
  /** ccxt exchange id, or `file` for a converted CSV. */
  readonly exchange: string;
  /** Market symbol, e.g. `BTC/USDT`. */
  readonly symbol: string;
  /** ccxt timeframe, e.g. `1m`, `15m`, `1h`. */
  readonly timeframe: string;
  /** One line of provenance (the source and how it was fetched). */
  readonly source: string;
}

export interface CandleFileHeader {
  readonly info: CandleFileInfo;
  readonly intervalMs: number;
  readonly rows: number;
  /** Byte offset of the first row. */
  readonly dataStart: number;
}

function corrupt(file: string, detail: string): CodedError {
  return new CodedError('BACKTEST_DATA_UNREADABLE', `${file}: not a Balancer candle file (${detail})`);
}

function unreadable(file: string, error: unknown): CodedError {
  return new CodedError(
    'BACKTEST_DATA_UNREADABLE',
    `${file}: ${(error as NodeJS.ErrnoException).code ?? error}`,
  );
}

/** The bytes of a new file's header for `info` and `intervalMs`, with no rows yet. */
export function candleFileHeader(info: CandleFileInfo, intervalMs: number): Buffer {
  const json = Buffer.from(JSON.stringify(info), 'utf8');
  const size = Math.ceil((FIXED + json.length) / 8) * 8;
  const header = Buffer.alloc(size);
  header.write(MAGIC, 0, 'latin1');
  header.writeUInt32LE(size, 8);
  header.writeUInt32LE(ROW_BYTES, 12);
  header.writeDoubleLE(0, COUNT_AT);
  header.writeDoubleLE(intervalMs, 24);
  header.writeUInt32LE(json.length, 32);
  json.copy(header, FIXED);
  return header;
}

/** Reads a header from the start of a file's bytes. */
export function parseCandleFileHeader(bytes: Buffer, file: string): CandleFileHeader {
  if (bytes.length < FIXED || bytes.toString('latin1', 0, 8) !== MAGIC) throw corrupt(file, 'no magic');
  const dataStart = bytes.readUInt32LE(8);
  const rowBytes = bytes.readUInt32LE(12);
  const rows = bytes.readDoubleLE(COUNT_AT);
  const intervalMs = bytes.readDoubleLE(24);
  const jsonLength = bytes.readUInt32LE(32);
  if (rowBytes !== ROW_BYTES) throw corrupt(file, `rows of ${rowBytes} bytes`);
  if (dataStart % 8 !== 0 || dataStart < FIXED + jsonLength || bytes.length < FIXED + jsonLength)
    throw corrupt(file, 'bad header size');
  if (!Number.isSafeInteger(rows) || rows < 0) throw corrupt(file, 'bad row count');
  let info: CandleFileInfo;
  try {
    info = JSON.parse(bytes.toString('utf8', FIXED, FIXED + jsonLength)) as CandleFileInfo;
  } catch {
    throw corrupt(file, 'bad description');
  }
  return { info, intervalMs, rows, dataStart };
}

/** Writes `table` as a new candle file (replacing any file at `path`). */
export function writeCandleFile(path: string, info: CandleFileInfo, table: CandleTable): void {
  const header = candleFileHeader(info, table.intervalMs);
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, header);
    writeSync(fd, rowsOf(table, 0, table.length));
    writeCount(fd, table.length);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The rows [start, end) of a table as file bytes. */
function rowsOf(table: CandleTable, start: number, end: number): Buffer {
  const rows = new Float64Array((end - start) * ROW_FIELDS);
  const columns = [table.time, table.open, table.high, table.low, table.close, table.volume];
  for (let i = start, at = 0; i < end; i++) {
    for (const column of columns) rows[at++] = column[i]!;
  }
  return Buffer.from(rows.buffer, rows.byteOffset, rows.byteLength);
}

function writeCount(fd: number, count: number): void {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleLE(count, 0);
  writeSync(fd, bytes, 0, 8, COUNT_AT);
}

/** Opens the file at `path`, reads its header, and gives both to `read` (the file is closed after). */
function withHeader<T>(path: string, read: (fd: number, header: CandleFileHeader) => T): T {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw unreadable(path, error);
  }
  try {
    const fixed = Buffer.alloc(FIXED);
    readSync(fd, fixed, 0, FIXED, 0);
    if (fixed.toString('latin1', 0, 8) !== MAGIC) throw corrupt(path, 'no magic');
    const head = Buffer.alloc(Math.max(FIXED, fixed.readUInt32LE(8)));
    readSync(fd, head, 0, head.length, 0);
    return read(fd, parseCandleFileHeader(head, path));
  } finally {
    closeSync(fd);
  }
}

/** The header of the file at `path` (its first bytes only). */
export function readCandleFileHeader(path: string): CandleFileHeader {
  return withHeader(path, (_fd, header) => header);
}

/**
 * The header and the open times of the first and last counted candles (null when empty), read
 * without loading the rows: what a download needs to go on after the file's last candle.
 */
export function readCandleFileEnds(path: string): {
  header: CandleFileHeader;
  first: number | null;
  last: number | null;
} {
  return withHeader(path, (fd, header) => {
    if (header.rows === 0) return { header, first: null, last: null };
    const time = (row: number) => {
      const bytes = Buffer.alloc(8);
      if (readSync(fd, bytes, 0, 8, header.dataStart + row * ROW_BYTES) < 8)
        throw corrupt(path, 'fewer rows than counted');
      return bytes.readDoubleLE(0);
    };
    return { header, first: time(0), last: time(header.rows - 1) };
  });
}

/**
 * Appends candles (open times after the file's last) and only then counts them: see the layout.
 * Returns the new row count. `lastTime` is the file's last open time (-Infinity when empty).
 */
export function appendCandles(path: string, table: CandleTable, lastTime: number): number {
  if (table.length === 0) return readCandleFileHeader(path).rows;
  for (let i = 0; i < table.length; i++) {
    const previous = i === 0 ? lastTime : table.time[i - 1]!;
    if (!(table.time[i]! > previous))
      throw new CodedError('BACKTEST_DATA_DUPLICATE_TIME', `${path}: candles must come after ${previous}`);
  }
  const { rows, dataStart } = readCandleFileHeader(path);
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, rowsOf(table, 0, table.length), 0, table.length * ROW_BYTES, dataStart + rows * ROW_BYTES);
    fsyncSync(fd);
    writeCount(fd, rows + table.length);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return rows + table.length;
}

/** Whether bytes are a candle file's (its magic), rather than a CSV's. */
export function isCandleFile(bytes: Buffer): boolean {
  return bytes.length >= FIXED && bytes.toString('latin1', 0, 8) === MAGIC;
}

/** Loads a candle file: its description and the table of the rows it counts. */
export function readCandleFile(path: string): { header: CandleFileHeader; table: CandleTable } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw unreadable(path, error);
  }
  return candleFileTable(bytes, path);
}

/** readCandleFile on bytes already read (`path` names the file in errors). */
export function candleFileTable(
  bytes: Buffer,
  path: string,
): { header: CandleFileHeader; table: CandleTable } {
  const header = parseCandleFileHeader(bytes, path);
  const { rows, dataStart } = header;
  if (bytes.length < dataStart + rows * ROW_BYTES) throw corrupt(path, 'fewer rows than counted');
  // A Float64Array view needs an 8-aligned offset: a pooled small buffer may not give one.
  const aligned = (bytes.byteOffset + dataStart) % 8 === 0;
  const source = aligned
    ? new Float64Array(bytes.buffer, bytes.byteOffset + dataStart, rows * ROW_FIELDS)
    : new Float64Array(
        Uint8Array.prototype.slice.call(bytes, dataStart, dataStart + rows * ROW_BYTES).buffer,
      );
  const table = allocateCandles(rows);
  const { time, open, high, low, close, volume } = table;
  for (let i = 0, at = 0; i < rows; i++, at += ROW_FIELDS) {
    time[i] = source[at]!;
    open[i] = source[at + 1]!;
    high[i] = source[at + 2]!;
    low[i] = source[at + 3]!;
    close[i] = source[at + 4]!;
    volume[i] = source[at + 5]!;
  }
  return { header, table: { ...table, intervalMs: rows > 1 ? commonInterval(time) : header.intervalMs } };
}
