import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  CodedError,
  type LabDownloadBody,
  type LabDownloadInputs,
  type LabJob,
  type SessionUser,
} from '@balancer/core';
import {
  CANDLE_SET_EXTENSION,
  CCXT_EXCHANGE_IDS,
  type CcxtExchangeId,
  candleSetName,
  createCcxtOhlcvSource,
  type DownloadReport,
  downloadCandles,
} from '@balancer/engine';
import type { LabDeps } from './service.js';

const invalid = (detail: string) => new CodedError('LAB_INVALID_INPUT', detail);

/**
 * A download request's inputs: the exchange (the configured one by default) must be one the
 * platform reads market data from, the timeframe a ccxt one, the symbol BASE/QUOTE and `since` a
 * past day. The data set is named after the market (`binance-BTC-USDT-1m.candles`).
 */
export function checkDownloadInputs(
  body: LabDownloadBody,
  configured: string,
  nowMs: number,
): LabDownloadInputs {
  const exchange = body.exchange ?? configured;
  if (!(CCXT_EXCHANGE_IDS as readonly string[]).includes(exchange))
    throw invalid(`exchange must be one of ${CCXT_EXCHANGE_IDS.join(', ')}`);
  if (!/^\d{1,2}[mhdwM]$/.test(body.timeframe))
    throw invalid('timeframe wants a ccxt timeframe like 1m, 15m, 1h, 1d');
  const symbol = body.symbol ?? 'BTC/USDT';
  if (!/^[A-Z0-9]{2,10}\/[A-Z0-9]{2,10}$/.test(symbol))
    throw invalid('symbol wants BASE/QUOTE, like BTC/USDT');
  const since = Date.parse(`${body.since}T00:00:00Z`);
  // A day that is not one (2024-02-30) does not come back the same.
  const real = !Number.isNaN(since) && new Date(since).toISOString().slice(0, 10) === body.since;
  if (!real || since >= nowMs) throw invalid('since wants a past day as YYYY-MM-DD');
  const dataSet = `${candleSetName(exchange, symbol, body.timeframe)}${CANDLE_SET_EXTENSION}`;
  return { exchange, symbol, timeframe: body.timeframe, since: body.since, dataSet };
}

/**
 * Checks a download and queues it (one per data set at a time: LAB_DOWNLOAD_RUNNING). It runs on
 * the main thread (network waits; each page appended is small) through ccxt's rate limiter, with
 * the share of the period done as the job's progress; cancelling stops it before the next page
 * (the pages stored are kept: a new download goes on from there). It stores no result: the data
 * set appears in GET /lab/data-sets.
 */
export function startDownload(deps: LabDeps, body: LabDownloadBody, user: SessionUser): LabJob {
  const { runner, folders, exchange, now } = deps;
  const inputs = checkDownloadInputs(body, exchange.id, now());
  const busy = runner
    .list()
    .some(
      (job) =>
        job.kind === 'download' &&
        (job.status === 'queued' || job.status === 'running') &&
        'dataSet' in job.inputs &&
        job.inputs.dataSet === inputs.dataSet,
    );
  if (busy) throw new CodedError('LAB_DOWNLOAD_RUNNING', inputs.dataSet);
  return runner.submit<DownloadReport>({
    kind: 'download',
    inputs,
    createdBy: user.nickname,
    start: (onProgress) => {
      const controller = new AbortController();
      const result = (async () => {
        const source = await createCcxtOhlcvSource({
          exchangeId: inputs.exchange as CcxtExchangeId,
          symbol: inputs.symbol,
          timeframe: inputs.timeframe,
          // EXCHANGE_API_URL is the configured exchange's base, not another's.
          ...(exchange.apiUrl && inputs.exchange === exchange.id ? { apiUrl: exchange.apiUrl } : {}),
        });
        await mkdir(folders.downloaded, { recursive: true });
        return downloadCandles({
          source,
          file: path.join(folders.downloaded, inputs.dataSet),
          info: {
            exchange: inputs.exchange,
            symbol: inputs.symbol,
            timeframe: inputs.timeframe,
            source: `${inputs.exchange} fetchOHLCV via ccxt`,
          },
          intervalMs: source.intervalMs,
          since: Date.parse(`${inputs.since}T00:00:00Z`),
          now: now(),
          signal: controller.signal,
          onProgress: (progress) => onProgress(progress.fraction),
        });
      })();
      return {
        result,
        cancel: async () => {
          controller.abort();
          await result.catch(() => {});
        },
      };
    },
    store: async () => null,
  });
}
