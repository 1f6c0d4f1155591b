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
  type CcxtExchangeId,
  checkDownload,
  createCcxtOhlcvSource,
  type DownloadReport,
  downloadCandles,
} from '@balancer/engine';
import type { JobRunner } from './job-runner.js';
import type { LabDeps } from './service.js';

const invalid = (detail: string) => new CodedError('LAB_INVALID_INPUT', detail);

/**
 * A download request's inputs (engine `checkDownload`, as the CLI checks its flags), the exchange
 * being the configured one by default. The data set is named after the market
 * (`binance-BTC-USDT-1m.candles`).
 */
export function checkDownloadInputs(
  body: LabDownloadBody,
  configured: string,
  nowMs: number,
): LabDownloadInputs {
  const { exchange, symbol, timeframe, since, dataSet } = checkDownload(
    { ...body, exchange: body.exchange ?? configured },
    nowMs,
    (input) => input,
    invalid,
  );
  return { exchange, symbol, timeframe, since, dataSet };
}

/** Whether a download into `dataSet` is queued or running. */
export function downloading(runner: JobRunner, dataSet: string): boolean {
  return runner
    .list()
    .some(
      (job) =>
        job.kind === 'download' &&
        (job.status === 'queued' || job.status === 'running') &&
        'dataSet' in job.inputs &&
        job.inputs.dataSet === dataSet,
    );
}

/**
 * Checks a download and queues it (one per data set at a time: LAB_DOWNLOAD_RUNNING). It runs on
 * the main thread (network waits; each page appended is small) through ccxt's rate limiter, with
 * the share of the period done as the job's progress; cancelling stops it before the next page
 * (the pages stored are kept: a new download goes on from there). It stores no result: the data
 * set appears in GET /lab/data-sets.
 */
export function startDownload(deps: LabDeps, body: LabDownloadBody, user: SessionUser): Promise<LabJob> {
  const { runner, folders, exchange, now } = deps;
  const inputs = checkDownloadInputs(body, exchange.id, now());
  if (downloading(runner, inputs.dataSet)) throw new CodedError('LAB_DOWNLOAD_RUNNING', inputs.dataSet);
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
