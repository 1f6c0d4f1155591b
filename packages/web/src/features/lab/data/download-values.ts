import type { LabDownloadBody } from '@balancer/core';
import { utcDay } from '../lab-format';

/** The exchanges the server downloads market data from (docs/backtesting.md, Download jobs). */
export const DOWNLOAD_EXCHANGES = ['binance', 'bitfinex', 'kraken', 'coinbase', 'okx'] as const;
export const DOWNLOAD_TIMEFRAMES = ['1m', '5m', '15m', '1h', '4h', '1d'] as const;

/**
 * The exchange a download is preset to: the one traded on when its name is an exchange's
 * (`binance`, `paper on kraken`); else, on the simulator (which replays Binance's candles),
 * binance. Named, never "the configured one": the download fetches real candles from it.
 */
export function presetExchange(tradedOn: string | undefined): string {
  const name = (tradedOn ?? '').toLowerCase();
  return DOWNLOAD_EXCHANGES.find((id) => name === id || name.endsWith(` on ${id}`)) ?? 'binance';
}

export interface DownloadForm {
  /** '' = the configured exchange (the server's EXCHANGE). */
  exchange: string;
  symbol: string;
  timeframe: string;
  since: string;
}

/** Defaults: the configured exchange's BTC/USDT in 15 m candles over the last year. */
export function defaultDownloadForm(nowMs: number): DownloadForm {
  return { exchange: '', symbol: 'BTC/USDT', timeframe: '15m', since: utcDay(nowMs - 365 * 86_400_000) };
}

export type DownloadCheck =
  | { ok: true; body: LabDownloadBody }
  | { ok: false; errors: Partial<Record<keyof DownloadForm, string>> };

/** The server's checks of a download (LAB_INVALID_INPUT), beside their fields first. */
export function checkDownloadForm(form: DownloadForm, nowMs: number): DownloadCheck {
  const errors: Partial<Record<keyof DownloadForm, string>> = {};
  const symbol = form.symbol.trim().toUpperCase();
  if (!/^[A-Z0-9]{2,10}\/[A-Z0-9]{2,10}$/.test(symbol))
    errors.symbol = 'A market as BASE/QUOTE, e.g. BTC/USDT';
  if (!/^\d+[mhdw]$/.test(form.timeframe)) errors.timeframe = 'A timeframe like 1m, 15m, 1h, 1d';
  const sinceMs = Date.parse(`${form.since}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.since) || Number.isNaN(sinceMs) || utcDay(sinceMs) !== form.since)
    errors.since = 'A day, YYYY-MM-DD';
  else if (sinceMs >= nowMs) errors.since = 'A day in the past';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      ...(form.exchange === '' ? {} : { exchange: form.exchange }),
      symbol,
      timeframe: form.timeframe,
      since: form.since,
    },
  };
}
