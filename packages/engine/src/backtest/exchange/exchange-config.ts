import { parseWith } from '@balancer/core';
import { z } from 'zod';

/** A plain decimal string (no sign or exponent): money settings are never floats. */
const decimalString = z.string().regex(/^\d+(\.\d+)?$/, 'must be a plain decimal string like "0.1"');

/**
 * The simulated exchange's rules. Defaults follow Binance spot BTC/USDT (docs/exchanges.md): 0.1 %
 * fee, LOT_SIZE step 0.00001 BTC (5 dp), NOTIONAL ≥ 10 quote, and the product's minimum order
 * of 0.0002 BTC (the smallest order the strategy sends).
 */
export const exchangeConfigSchema = z.object({
  /** Fee in percent of the order's quote value, charged in quote on buys and sells. 0–10. */
  feePercent: decimalString.refine((value) => Number(value) <= 10, 'must be at most 10 (%)'),
  /** Smallest order in BTC; 0 for a theoretical run (an order still needs one lot step). */
  minOrderBase: decimalString,
  /** Smallest order value in quote (amount × price, before the fee); 0 allowed. */
  minNotional: decimalString,
  /** Decimal places of an order amount in BTC (the lot step is 10^-lotDecimals). */
  lotDecimals: z.number().int().min(0).max(8),
});

export type ExchangeConfig = z.infer<typeof exchangeConfigSchema>;

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
  return parseWith(exchangeConfigSchema, merged, 'BACKTEST_INVALID_EXCHANGE_CONFIG');
}
