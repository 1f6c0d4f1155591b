import type { BacktestProxyConfig } from '@balancer/core';
import type { CandleTable } from '../../market-data/candle-table.js';

/**
 * Candles carry no order book and no altcoin prices, so the reversal's liquidity and coins inputs
 * are replaced by stand-ins derived from the BTC candles themselves. Every
 * report states this (`PROXY_STATEMENT`); docs/backtesting.md explains why.
 */
export type ProxyConfig = BacktestProxyConfig;

export const DEFAULT_PROXY_CONFIG: ProxyConfig = { liquidityCandles: 1 };

/**
 * Bid-dominance proxy, 0–100: 100 × the mean over the last `count` candles up to `index` of
 * (close − low) / (high − low), a flat candle counting 0.5. Fewer candles at the table's start.
 */
export function bidDominanceProxy(table: CandleTable, index: number, count: number): number {
  let sum = 0;
  let n = 0;
  for (let i = Math.max(0, index - count + 1); i <= index; i++) {
    const range = table.high[i]! - table.low[i]!;
    sum += range > 0 ? (table.close[i]! - table.low[i]!) / range : 0.5;
    n++;
  }
  return n > 0 ? (sum / n) * 100 : 50;
}

/** The symbol under which BTC's own window stands in for the quote coins family. */
export const QUOTE_PROXY_SYMBOL = 'BTC';
/** The symbol of the neutral stand-in of the base (COIN/BTC) family. */
export const BASE_PROXY_SYMBOL = 'ALT/BTC (neutral)';

/** The statement every report carries about liquidity and coins in backtests. */
export function proxyStatement(
  config: ProxyConfig,
  intervalLabel: string,
): { liquidity: string; coins: string } {
  return {
    liquidity:
      'No order books in candle data. Liquidity (bid dominance) is a proxy: 100 × ' +
      (config.liquidityCandles === 1
        ? `(close − low) / (high − low) of the last ${intervalLabel} candle `
        : `the mean of (close − low) / (high − low) over the last ${config.liquidityCandles} ${intervalLabel} candles `) +
      '(a candle with high = low counts 0.5), i.e. how near its high the market closed. It feeds the ' +
      'reversal points with the usual weight.',
    coins:
      'No altcoin prices in candle data. Coins, quote family (COIN/quote): BTC alone stands in, with ' +
      'the s15, s10, s5 and s2 split states of its own candle window. Coins, base family (COIN/BTC): ' +
      'neutral — every split state 0 (score 0.5), i.e. altcoins are assumed to move with BTC — so it ' +
      'always adds half its weight. With the default weights the reversal can reach at most ' +
      '35 + 32.5 + 16.25 = 83.75 points.',
  };
}
