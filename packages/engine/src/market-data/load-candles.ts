import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gunzipSync } from 'node:zlib';
import { CodedError } from '@balancer/core';
import { candleFileTable, isCandleFile } from './candle-store.js';
import type { CandleTable } from './candle-table.js';
import type { CsvLayoutId } from './csv-layouts.js';
import { type ParsedCandles, parseCandleCsv, parseCandleCsvInTurns } from './parse-candles.js';
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

function loaded(
  filePath: string,
  file: string,
  bytes: Buffer,
  gzip: boolean,
  parsed: ParsedCandles,
): LoadedCandles {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const name = basename(filePath)
    .replace(/\.gz$/i, '')
    .replace(/\.csv$/i, '');
  return {
    table: parsed.table,
    source: {
      file,
      name,
      layout: parsed.layout,
      gzip,
      sha256,
      known: sha256 in KNOWN_DATA,
      provenance: provenanceLine(file, sha256),
    },
  };
}

/** A candle set downloaded with `data download` (candle-store.ts): no parsing, one copy. */
function fromCandleFile(filePath: string, file: string, bytes: Buffer): LoadedCandles {
  const { header, table } = candleFileTable(bytes, file);
  if (table.length === 0)
    throw new CodedError('BACKTEST_DATA_UNREADABLE', `${file}: the candle set is empty`);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return {
    table,
    source: {
      file,
      name: basename(filePath).replace(/\.candles$/i, ''),
      layout: 'candle-file',
      gzip: false,
      sha256,
      known: false,
      provenance: `${file}: ${header.info.exchange} ${header.info.symbol} ${header.info.timeframe}, ${header.info.source} (sha256 ${sha256.slice(0, 12)}…)`,
    },
  };
}

/**
 * Reads a candle CSV, plain or gzip-compressed (recognised by its magic bytes, not its name),
 * and validates it (see `parseCandleCsv`). Every failure is a coded error naming the file as
 * `file` (default: the path), so messages show the path the way the user typed it.
 */
export function loadCandleFile(filePath: string, file = filePath): LoadedCandles {
  let bytes: Buffer;
  try {
    bytes = readFileSync(filePath);
  } catch (error) {
    throw unreadable(file, error);
  }
  if (isCandleFile(bytes)) return fromCandleFile(filePath, file, bytes);
  const gzip = isGzip(bytes);
  if (gzip) {
    try {
      bytes = gunzipSync(bytes);
    } catch (error) {
      throw badGzip(file, error);
    }
  }
  return loaded(filePath, file, bytes, gzip, parseCandleCsv(bytes.toString('utf8'), file));
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
  if (isCandleFile(bytes)) return fromCandleFile(filePath, file, bytes);
  const gzip = isGzip(bytes);
  if (gzip) {
    try {
      bytes = await gunzipInPool(bytes);
    } catch (error) {
      throw badGzip(file, error);
    }
  }
  return loaded(filePath, file, bytes, gzip, await parseCandleCsvInTurns(bytes.toString('utf8'), file));
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
