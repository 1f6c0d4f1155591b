import { parseBinanceTime, parseCoinbaseTime } from './csv-time.js';

/** The CSV layouts the backtester reads (see market-data/README.md). */
export type CsvLayoutId = 'binance-klines' | 'cryptodatadownload';

/** Where a layout keeps its columns, and how it writes times. */
export interface CsvLayout {
  readonly id: CsvLayoutId;
  /** The exact header line (after the attribution line, if any). */
  readonly header: string;
  /** A first line to skip before the header (CryptoDataDownload's credit), or null. */
  readonly attributionPrefix: string | null;
  readonly fieldCount: number;
  readonly columns: { time: number; open: number; high: number; low: number; close: number; volume: number };
  readonly parseTime: (text: string) => number | null;
  /** Example of the time format, for error messages. */
  readonly timeExample: string;
}

/** Binance klines as saved by common fetch scripts: `Open_Time,Open,High,Low,Close,Volume`. */
export const BINANCE_LAYOUT: CsvLayout = {
  id: 'binance-klines',
  header: 'Open_Time,Open,High,Low,Close,Volume',
  attributionPrefix: null,
  fieldCount: 6,
  columns: { time: 0, open: 1, high: 2, low: 3, close: 4, volume: 5 },
  parseTime: parseBinanceTime,
  timeExample: '2025-03-30 00:00:00',
};

/** CryptoDataDownload (Coinbase) exports: a credit line, then newest-first rows with 12-hour times. */
export const CRYPTODATADOWNLOAD_LAYOUT: CsvLayout = {
  id: 'cryptodatadownload',
  header: 'date,symbol,open,high,low,close,volume_btc,volume',
  attributionPrefix: 'Timestamps are UTC timezone',
  fieldCount: 8,
  columns: { time: 0, open: 2, high: 3, low: 4, close: 5, volume: 6 },
  parseTime: parseCoinbaseTime,
  timeExample: '2019-10-17 09-AM',
};

export const CSV_LAYOUTS: readonly CsvLayout[] = [BINANCE_LAYOUT, CRYPTODATADOWNLOAD_LAYOUT];
