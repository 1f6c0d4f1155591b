import { type BacktestExchangeConfig, backtestExchangeConfigSchema, parseWith } from '@balancer/core';

/**
 * The simulated exchange's rules (core's schema, which the report states them by). Defaults
 * follow Binance spot BTC/USDT (docs/exchanges.md): 0.1 % fee, LOT_SIZE step 0.00001 BTC (5 dp),
 * NOTIONAL ≥ 10 quote, and the product's minimum order of 0.0002 BTC (the smallest order the
 * strategy sends).
 */
export type ExchangeConfig = BacktestExchangeConfig;

export const DEFAULT_EXCHANGE_CONFIG: ExchangeConfig = {
  feePercent: '0.1',
  minOrderBase: '0.0002',
  minNotional: '10',
  lotDecimals: 5,
};

/** Validates a (partial) exchange config over the defaults; BACKTEST_INVALID_EXCHANGE_CONFIG names every bad field. */
export function parseExchangeConfig(input: unknown): ExchangeConfig {
  const merged =
    typeof input === 'object' && input !== null ? { ...DEFAULT_EXCHANGE_CONFIG, ...input } : input;
  return parseWith(backtestExchangeConfigSchema, merged, 'BACKTEST_INVALID_EXCHANGE_CONFIG');
}
