import { existsSync } from 'node:fs';
import { CodedError } from '@balancer/core';
import { appendCandles, type CandleFileInfo, readCandleFileEnds, writeCandleFile } from './candle-store.js';
import { allocateCandles, type CandleGap, type CandleTable, findGaps } from './candle-table.js';

/** One page of candles from an exchange: `[open time ms, open, high, low, close, volume]` rows. */
export type OhlcvRow = readonly [number, number, number, number, number, number];

/** Where candles come from (the ccxt adapter: ccxt-ohlcv.ts; tests: a fake). */
export interface OhlcvSource {
  /** The candles opening at `since` or later, oldest first, at most `limit`. */
  fetchPage(since: number, limit: number, signal?: AbortSignal): Promise<readonly OhlcvRow[]>;
  /** The most candles one page may hold (Binance: 1,000). */
  readonly pageLimit: number;
}

export interface DownloadProgress {
  /** Open time of the last candle stored so far, ms. */
  readonly reached: number;
  /** Candles this download has stored so far. */
  readonly added: number;
  /** Share of the period done, 0…1. */
  readonly fraction: number;
}

export interface DownloadOptions {
  readonly source: OhlcvSource;
  /** The candle file: created at `since`, or continued after its last candle. */
  readonly file: string;
  readonly info: CandleFileInfo;
  readonly intervalMs: number;
  /** First open time wanted (used only when the file does not exist yet). */
  readonly since: number;
  /** Wall time now, ms: a candle still open (its close after now) is not stored. */
  readonly now: number;
  readonly onProgress?: (progress: DownloadProgress) => void;
  readonly signal?: AbortSignal;
}

export interface DownloadReport {
  /** Candles stored by this run (0 when the file was already up to date). */
  readonly added: number;
  /** Candles in the file now. */
  readonly rows: number;
  readonly first: number | null;
  readonly last: number | null;
  /** Missing stretches among the candles this run stored (and between them and the file's last). */
  readonly gaps: readonly CandleGap[];
  /** Whether the file existed and this run went on after its last candle. */
  readonly resumed: boolean;
}

function tableOf(rows: readonly OhlcvRow[], intervalMs: number): CandleTable {
  const table = allocateCandles(rows.length);
  rows.forEach(([time, open, high, low, close, volume], i) => {
    table.time[i] = time;
    table.open[i] = open;
    table.high[i] = high;
    table.low[i] = low;
    table.close[i] = close;
    table.volume[i] = volume;
  });
  return { ...table, intervalMs };
}

/**
 * Downloads candles page by page into a candle file (made with the first page), each page stored
 * (and counted) before the next is asked for: a failure or a cancel mid-way keeps every page so far, and running again goes
 * on after the file's last candle (on an up-to-date file it asks the exchange nothing).
 * Candles are stored as the exchange sent them: a stretch it has none for (a halt) is reported
 * in `gaps`, never filled in. A page that does not move forward ends the download.
 */
export async function downloadCandles(options: DownloadOptions): Promise<DownloadReport> {
  const { source, file, info, intervalMs, now, signal } = options;
  const resumed = existsSync(file);
  let last = Number.NEGATIVE_INFINITY;
  let rows = 0;
  let first: number | null = null;
  if (resumed) {
    // Its ends only: a year of 1 m candles is 25 MB the download need not read.
    const existing = readCandleFileEnds(file);
    rows = existing.header.rows;
    first = existing.first;
    last = existing.last ?? last;
    const { info: stored } = existing.header;
    if (
      stored.exchange !== info.exchange ||
      stored.symbol !== info.symbol ||
      stored.timeframe !== info.timeframe
    )
      throw new CodedError(
        'MARKET_DATA_OTHER_MARKET',
        `${file} holds ${stored.exchange} ${stored.symbol} ${stored.timeframe}, not ${info.exchange} ${info.symbol} ${info.timeframe}`,
      );
  }
  // A new file is written with the first page: a download that fails or is cancelled before any
  // candle leaves no empty set behind.
  let stored = resumed;
  const start = Number.isFinite(last) ? last + intervalMs : options.since;
  // The newest candle worth storing is the last one already closed.
  const end = now - intervalMs;
  const span = Math.max(1, end - start);
  const gaps: CandleGap[] = [];
  let added = 0;
  let next = start;
  while (next <= end) {
    if (signal?.aborted) throw new CodedError('MARKET_DATA_DOWNLOAD_CANCELLED', `${added} candles stored`);
    const page = await source.fetchPage(next, source.pageLimit, signal);
    const fresh = page.filter(([time]) => time >= next && time > last && time <= end);
    if (fresh.length === 0) break;
    const table = tableOf(fresh, intervalMs);
    if (!stored) {
      writeCandleFile(file, info, { ...allocateCandles(0), intervalMs });
      stored = true;
    }
    rows = appendCandles(file, table, last);
    // This page's gaps, and one between it and the candle before it.
    const times = Number.isFinite(last) ? [last, ...table.time] : table.time;
    gaps.push(...findGaps(Float64Array.from(times), intervalMs));
    added += fresh.length;
    first ??= fresh[0]![0];
    last = fresh[fresh.length - 1]![0];
    next = last + intervalMs;
    options.onProgress?.({ reached: last, added, fraction: Math.min(1, (last - start + intervalMs) / span) });
  }
  return {
    added,
    rows,
    first,
    last: Number.isFinite(last) ? last : null,
    gaps,
    resumed,
  };
}

/** The name of a market's candle set (without the extension): `binance-BTC-USDT-1m`. */
export function candleSetName(exchange: string, symbol: string, timeframe: string): string {
  return `${exchange}-${symbol.replace('/', '-')}-${timeframe}`;
}
