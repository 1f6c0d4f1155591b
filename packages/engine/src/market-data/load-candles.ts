import { createHash, webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gunzipSync } from 'node:zlib';
import { CodedError } from '@balancer/core';
import { type CandleFileInfo, candleFileTable, isCandleFile } from './candle-store.js';
import type { CandleTable } from './candle-table.js';
import type { CsvLayoutId } from './csv-layouts.js';
import { parseCandleCsv, parseCandleCsvInTurns } from './parse-candles.js';
import { KNOWN_DATA, provenanceLine } from './provenance.js';

/** Where a loaded table came from. */
export interface CandleSource {
  /** The path as given. */
  readonly file: string;
  /** The file name without `.csv`/`.gz`, used to name report folders. */
  readonly name: string;
  /** The CSV layout, or `candle-file` for a candle set of our own (candle-store.ts). */
  readonly layout: CsvLayoutId | 'candle-file';
  readonly gzip: boolean;
  /** sha256 of the uncompressed bytes (hex). */
  readonly sha256: string;
  /** True when the hash is one of the shipped, documented data sets. */
  readonly known: boolean;
  /** One line for reports. */
  readonly provenance: string;
}

export interface LoadedCandles {
  readonly table: CandleTable;
  readonly source: CandleSource;
}

const GZIP_MAGIC = [0x1f, 0x8b];
/** zlib's asynchronous gunzip runs on libuv's thread pool. */
const gunzipInPool = promisify(gunzip);

function unreadable(file: string, error: unknown): CodedError {
  return new CodedError(
    'BACKTEST_DATA_UNREADABLE',
    `${file}: ${(error as NodeJS.ErrnoException).code ?? error}`,
  );
}

function badGzip(file: string, error: unknown): CodedError {
  return new CodedError('BACKTEST_DATA_UNREADABLE', `${file}: bad gzip data (${(error as Error).message})`);
}

const isGzip = (bytes: Buffer) => bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A CSV's source (the file, its layout, its hash against the shipped data sets). */
function csvSource(
  filePath: string,
  file: string,
  layout: CsvLayoutId,
  gzip: boolean,
  sha256: string,
): CandleSource {
  const name = basename(filePath)
    .replace(/\.gz$/i, '')
    .replace(/\.csv$/i, '');
  return {
    file,
    name,
    layout,
    gzip,
    sha256,
    known: sha256 in KNOWN_DATA,
    provenance: provenanceLine(file, sha256),
  };
}

/** A candle set's source (downloaded with `data download`, candle-store.ts): its header's description. */
function candleSetSource(filePath: string, file: string, info: CandleFileInfo, sha256: string): CandleSource {
  return {
    file,
    name: basename(filePath).replace(/\.candles$/i, ''),
    layout: 'candle-file',
    gzip: false,
    sha256,
    known: false,
    provenance: `${file}: ${info.exchange} ${info.symbol} ${info.timeframe}, ${info.source} (sha256 ${sha256.slice(0, 12)}…)`,
  };
}

/** The table of a file's bytes (unzipped), with how to describe its source once hashed. */
function tableOf(
  filePath: string,
  file: string,
  bytes: Buffer,
  gzip: boolean,
): { table: CandleTable; source: (sha256: string) => CandleSource } {
  if (!gzip && isCandleFile(bytes)) {
    // No parsing, one copy (a candle set is never gzipped: unzipped bytes are a CSV's).
    const { header, table } = candleFileTable(bytes, file);
    if (table.length === 0)
      throw new CodedError('BACKTEST_DATA_UNREADABLE', `${file}: the candle set is empty`);
    return { table, source: (sha256) => candleSetSource(filePath, file, header.info, sha256) };
  }
  const parsed = parseCandleCsv(bytes.toString('utf8'), file);
  return { table: parsed.table, source: (sha256) => csvSource(filePath, file, parsed.layout, gzip, sha256) };
}

/** A file's bytes, unzipped when they are gzip's (recognised by the magic bytes, not the name). */
function readUnzipped(filePath: string, file: string): { bytes: Buffer; gzip: boolean } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(filePath);
  } catch (error) {
    throw unreadable(file, error);
  }
  if (isCandleFile(bytes) || !isGzip(bytes)) return { bytes, gzip: false };
  try {
    return { bytes: gunzipSync(bytes), gzip: true };
  } catch (error) {
    throw badGzip(file, error);
  }
}

/**
 * Reads a candle CSV, plain or gzip-compressed (recognised by its magic bytes, not its name),
 * and validates it (see `parseCandleCsv`). Every failure is a coded error naming the file as
 * `file` (default: the path), so messages show the path the way the user typed it.
 */
export function loadCandleFile(filePath: string, file = filePath): LoadedCandles {
  const { bytes, gzip } = readUnzipped(filePath, file);
  const { table, source } = tableOf(filePath, file, bytes, gzip);
  return { table, source: source(sha256Of(bytes)) };
}

/**
 * loadCandleFile, then `work` on the table while the file's sha256 is computed on libuv's thread
 * pool (WebCrypto's digest): on a 1 M-candle file the hash was ~15 % of a CLI backtest, which
 * another core now takes. The same table, source and errors as loadCandleFile; `work` runs once,
 * synchronously, and its value comes back with the loaded file.
 */
export async function loadCandleFileWhile<T>(
  filePath: string,
  file: string,
  work: (table: CandleTable) => T,
): Promise<{ loaded: LoadedCandles; value: T }> {
  const { bytes, gzip } = readUnzipped(filePath, file);
  const { table, source } = tableOf(filePath, file, bytes, gzip);
  const hashing = webcrypto.subtle.digest('SHA-256', bytes);
  // `work` may throw: the digest's outcome is then dropped, never an unhandled rejection.
  hashing.catch(() => {});
  const value = work(table);
  const sha256 = Buffer.from(await hashing).toString('hex');
  return { loaded: { table, source: source(sha256) }, value };
}

/**
 * loadCandleFile for a running server: the file is read and unzipped off the main thread and
 * parsed in turns (parseCandleCsvInTurns), so requests and sockets are answered meanwhile.
 */
export async function loadCandleFileInTurns(filePath: string, file = filePath): Promise<LoadedCandles> {
  let bytes: Buffer;
  try {
    bytes = await readFile(filePath);
  } catch (error) {
    throw unreadable(file, error);
  }
  if (isCandleFile(bytes)) {
    const { table, source } = tableOf(filePath, file, bytes, false);
    return { table, source: source(sha256Of(bytes)) };
  }
  const gzip = isGzip(bytes);
  if (gzip) {
    try {
      bytes = await gunzipInPool(bytes);
    } catch (error) {
      throw badGzip(file, error);
    }
  }
  const parsed = await parseCandleCsvInTurns(bytes.toString('utf8'), file);
  return { table: parsed.table, source: csvSource(filePath, file, parsed.layout, gzip, sha256Of(bytes)) };
}

const preloads = new Map<string, Promise<LoadedCandles>>();

/**
 * Starts loadCandleFileInTurns now, for the next candleFileOnce(filePath) to take: a server starts
 * its simulator's file while its database opens rather than after. Preloading the same file again
 * before it was taken keeps the first load.
 */
export function preloadCandleFile(filePath: string): void {
  if (preloads.has(filePath)) return;
  const loading = loadCandleFileInTurns(filePath);
  // A preload nobody takes (the start failed first) must not be an unhandled rejection.
  loading.catch(() => {});
  preloads.set(filePath, loading);
}

/** The preloaded file (taken: a later call reads the file again), else loadCandleFileInTurns. */
export function candleFileOnce(filePath: string): Promise<LoadedCandles> {
  const preloaded = preloads.get(filePath);
  preloads.delete(filePath);
  return preloaded ?? loadCandleFileInTurns(filePath);
}
