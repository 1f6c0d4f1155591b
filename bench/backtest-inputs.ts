// The backtest benchmark's candles and settings (backtest.ts, backtest-profile.ts).
import path from 'node:path';
import {
  DEFAULT_REVERSAL_CONFIG,
  DEFAULT_STRATEGY_CONFIG,
  increaseAmountForBudget,
  parseStrategyConfig,
} from '@balancer/core';
import {
  type BacktestOptions,
  type CandleTable,
  DEFAULT_BACKTEST_WINDOW,
  DEFAULT_EXCHANGE_CONFIG,
  DEFAULT_PROXY_CONFIG,
  loadCandleFile,
} from '@balancer/engine';
import { repeatedYear } from './candles.js';

/** The shipped 15m year, that year repeated to ≥ `candles` candles, and the default settings on 10,000 quote. */
export function backtestBenchInputs(
  root: string,
  candles: number,
): { year: CandleTable; table: CandleTable; options: BacktestOptions } {
  const { table: year } = loadCandleFile(path.join(root, 'market-data/binance-btcusdt-15m.csv.gz'));
  const options: BacktestOptions = {
    startQuote: '10000',
    exchange: DEFAULT_EXCHANGE_CONFIG,
    strategy: parseStrategyConfig({
      ...DEFAULT_STRATEGY_CONFIG,
      increaseAmountQuote: increaseAmountForBudget('10000'),
    }),
    window: DEFAULT_BACKTEST_WINDOW,
    reversal: DEFAULT_REVERSAL_CONFIG,
    proxies: DEFAULT_PROXY_CONFIG,
  };
  return { year, table: repeatedYear(year, candles), options };
}
