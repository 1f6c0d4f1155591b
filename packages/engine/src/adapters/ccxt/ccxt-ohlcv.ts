import { CodedError } from '@balancer/core';
import type { OhlcvRow, OhlcvSource } from '../../market-data/download.js';
import { createCcxtClient } from './ccxt-client.js';
import { type CcxtExchangeId, parseCcxtExchangeOptions } from './config.js';
import { translateCcxtError } from './errors.js';

export interface CcxtOhlcvOptions {
  exchangeId: CcxtExchangeId;
  /** e.g. `BTC/USDT`. */
  symbol: string;
  /** A ccxt timeframe the exchange offers, e.g. `1m`. */
  timeframe: string;
  /** Test override of the spot REST base (the local Binance-compatible server). */
  apiUrl?: string;
  timeoutMs?: number;
}

/** Pages of one market's candles through ccxt's fetchOHLCV, within ccxt's own rate limiter. */
export interface CcxtOhlcvSource extends OhlcvSource {
  readonly intervalMs: number;
}

/** The most candles per page ccxt says the exchange's spot fetchOHLCV gives (500 if it does not say). */
function pageLimitOf(features: unknown): number {
  const limit = (features as { spot?: { fetchOHLCV?: { limit?: unknown } } } | undefined)?.spot?.fetchOHLCV
    ?.limit;
  return typeof limit === 'number' && limit > 0 ? limit : 500;
}

/**
 * The ccxt source of candles for downloadCandles: public data only (no keys). An exchange without
 * fetchOHLCV or without the timeframe is refused with EXCHANGE_CCXT_CONFIG_INVALID, naming the
 * timeframes it offers; a failed page is translated like every ccxt error (translateCcxtError).
 */
export async function createCcxtOhlcvSource(options: CcxtOhlcvOptions): Promise<CcxtOhlcvSource> {
  const [base, quote] = options.symbol.split('/');
  const config = parseCcxtExchangeOptions({
    exchangeId: options.exchangeId,
    base,
    quote,
    ...(options.apiUrl === undefined ? {} : { apiUrl: options.apiUrl }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  const { exchange } = await createCcxtClient(config);
  const timeframes = Object.keys(exchange.timeframes ?? {});
  if (!exchange.has.fetchOHLCV || !timeframes.includes(options.timeframe)) {
    throw new CodedError(
      'EXCHANGE_CCXT_CONFIG_INVALID',
      `${options.exchangeId} has no ${options.timeframe} candles (it offers ${timeframes.join(', ') || 'none'})`,
    );
  }
  const symbol = `${config.base}/${config.quote}`;
  return {
    intervalMs: exchange.parseTimeframe(options.timeframe) * 1000,
    pageLimit: pageLimitOf(exchange.features),
    async fetchPage(since: number, limit: number): Promise<readonly OhlcvRow[]> {
      try {
        const rows = await exchange.fetchOHLCV(symbol, options.timeframe, since, limit);
        return rows.map((row) => row.map(Number) as unknown as OhlcvRow);
      } catch (error) {
        throw translateCcxtError(error, { operation: 'fetchOHLCV' });
      }
    },
  };
}
