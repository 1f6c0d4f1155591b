import { fileURLToPath } from 'node:url';
import { CodedError } from '@balancer/core';
import { loadCandleFile } from '../../market-data/load-candles.js';
import { templateOptions } from '../inputs.js';
import type { BacktestOptions } from '../run-backtest.js';

const SHIPPED = fileURLToPath(
  new URL('../../../../../market-data/binance-btcusdt-15m.csv.gz', import.meta.url),
);

/** The shipped year of 15 m candles (the sweep tests' data). */
export const SHIPPED_YEAR = loadCandleFile(SHIPPED).table;

const DAY = 86_400_000;

/** Options of the default template with 10,000 of cash and a 0.1 % fee, days `from`…`to` of the year. */
export function templateBase(fromDay: number, toDay: number): BacktestOptions {
  return templateOptions(
    {
      startQuote: '10000',
      feePercent: '0.1',
      fromMs: SHIPPED_YEAR.time[0]! + fromDay * DAY,
      toMs: SHIPPED_YEAR.time[0]! + toDay * DAY,
    },
    (detail) => new CodedError('SWEEP_INVALID', detail),
  ).options;
}
