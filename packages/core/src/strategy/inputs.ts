import { CodedError } from '../errors/coded-error.js';
import { type Decimal, toDecimal } from '../numbers/decimal.js';
import { parseWith } from '../validation/parse.js';
import { type StrategyConfig, strategyConfigSchema } from './config.js';

/** Free balances on the exchange, decimal strings. */
export interface Balances {
  quote: string;
  base: string;
}

function read(value: unknown, field: string): Decimal {
  try {
    return toDecimal(value as string);
  } catch (error) {
    throw new CodedError('INVALID_STRATEGY_INPUT', `${field} must be a decimal, got ${String(value)}`, {
      cause: error,
    });
  }
}

/** A price: a decimal > 0 (quote per BTC). */
export function readPrice(value: unknown, field = 'price'): Decimal {
  const price = read(value, field);
  if (!price.isGreaterThan(0)) {
    throw new CodedError('INVALID_STRATEGY_INPUT', `${field} must be greater than 0, got ${String(value)}`);
  }
  return price;
}

/** An amount or balance: a decimal ≥ 0. */
export function readAmount(value: unknown, field: string): Decimal {
  const amount = read(value, field);
  if (amount.isNegative()) {
    throw new CodedError('INVALID_STRATEGY_INPUT', `${field} must not be negative, got ${String(value)}`);
  }
  return amount;
}

/** Both free balances, each ≥ 0. */
export function readBalances(balances: unknown): { quote: Decimal; base: Decimal } {
  if (balances === null || typeof balances !== 'object') {
    throw new CodedError('INVALID_STRATEGY_INPUT', 'balances must be an object {quote, base}');
  }
  const { quote, base } = balances as Record<string, unknown>;
  return { quote: readAmount(quote, 'balances.quote'), base: readAmount(base, 'balances.base') };
}

/** A time in epoch ms: a safe integer ≥ 0. */
export function readTime(value: unknown, field = 'now'): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new CodedError(
      'INVALID_STRATEGY_INPUT',
      `${field} must be an integer ≥ 0 (ms), got ${String(value)}`,
    );
  }
  return value;
}

/**
 * Strategies already checked, with the JSON they had then. A memo only (no behaviour depends on
 * it): the full check costs ~12 µs and decisions run every tick of live trading and backtests; a
 * strategy changed in place since its check no longer matches its JSON and is checked again.
 */
const checked = new WeakMap<object, string>();

/** Throws INVALID_STRATEGY_CONFIG unless `strategy` respects every bound. */
export function assertStrategy(strategy: unknown): asserts strategy is StrategyConfig {
  if (strategy === null || typeof strategy !== 'object') {
    parseWith(strategyConfigSchema, strategy, 'INVALID_STRATEGY_CONFIG');
    return;
  }
  const json = JSON.stringify(strategy);
  if (checked.get(strategy) === json) return;
  parseWith(strategyConfigSchema, strategy, 'INVALID_STRATEGY_CONFIG');
  checked.set(strategy, json);
}

/** A market state: an integer from −2 to 2. */
export function readMarketState(value: unknown, field = 'windowState'): -2 | -1 | 0 | 1 | 2 {
  if (value !== -2 && value !== -1 && value !== 0 && value !== 1 && value !== 2) {
    throw new CodedError(
      'INVALID_STRATEGY_INPUT',
      `${field} must be an integer from -2 to 2, got ${String(value)}`,
    );
  }
  return value;
}
