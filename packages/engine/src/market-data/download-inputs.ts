import type { CodedError } from '@balancer/core';
import { CCXT_EXCHANGE_IDS, type CcxtExchangeId } from '../adapters/ccxt/config.js';
import { CANDLE_SET_EXTENSION } from './candle-store.js';
import { parseDay } from './day.js';
import { candleSetName } from './download.js';

/** A download's request as the CLI's flags and the lab's API body give it. */
export interface DownloadRequest {
  readonly exchange?: string | undefined;
  readonly symbol?: string | undefined;
  readonly timeframe?: string | undefined;
  readonly since?: string | undefined;
}

export interface CheckedDownload {
  readonly exchange: CcxtExchangeId;
  readonly symbol: string;
  readonly timeframe: string;
  /** The first day, YYYY-MM-DD, and its 00:00 UTC in ms. */
  readonly since: string;
  readonly sinceMs: number;
  /** The candle set's file name (`binance-BTC-USDT-1m.candles`). */
  readonly dataSet: string;
}

/**
 * The checks of a download, shared by `cli data download` and POST /lab/downloads: the exchange
 * one the platform reads market data from, a ccxt timeframe, a BASE/QUOTE symbol (BTC/USDT by
 * default), `since` a real past day. `name` spells an input as the caller shows it (`--since`,
 * `since`); `invalid` makes the caller's coded error.
 */
export function checkDownload(
  request: DownloadRequest,
  nowMs: number,
  name: (input: keyof DownloadRequest) => string,
  invalid: (detail: string) => CodedError,
): CheckedDownload {
  const { exchange, timeframe, symbol = 'BTC/USDT', since = '' } = request;
  if (!exchange || !(CCXT_EXCHANGE_IDS as readonly string[]).includes(exchange))
    throw invalid(`${name('exchange')} must be one of ${CCXT_EXCHANGE_IDS.join(', ')}`);
  if (!timeframe || !/^\d{1,2}[mhdwM]$/.test(timeframe))
    throw invalid(`${name('timeframe')} wants a ccxt timeframe like 1m, 15m, 1h, 1d`);
  if (!/^[A-Z0-9]{2,10}\/[A-Z0-9]{2,10}$/.test(symbol))
    throw invalid(`${name('symbol')} wants BASE/QUOTE, like BTC/USDT`);
  const sinceMs = parseDay(since, name('since'), invalid);
  if (sinceMs >= nowMs) throw invalid(`${name('since')} must be a past day, got "${since}"`);
  const dataSet = `${candleSetName(exchange, symbol, timeframe)}${CANDLE_SET_EXTENSION}`;
  return { exchange: exchange as CcxtExchangeId, symbol, timeframe, since, sinceMs, dataSet };
}
