import { CodedError } from '../errors/coded-error.js';
import { type Decimal, toDecimal } from '../numbers/decimal.js';
import { parseWith } from '../validation/parse.js';
import { type StrategyConfig, strategyConfigSchema } from './config.js';

/** Free balances on the exchange, decimal strings. */
export interface Balances {
  quote: string;
  base: string;
}

/**
 * Decimal strings read lately and their decimals. A memo only: a decimal is immutable, so the
 * same string always reads as an equal decimal and may share it. Decisions read the same
 * position and balance strings tick after tick (and twice within one decision: checked, then
 * used); a backtest makes thousands of decisions. Cleared when full, so it stays small.
 */
const recentReads = new Map<string, Decimal>();
const RECENT_READS_LIMIT = 64;

function read(value: unknown, field: string): Decimal {
  if (typeof value === 'string') {
    const known = recentReads.get(value);
    if (known !== undefined) return known;
  }
  try {
    const decimal = toDecimal(value as string);
    if (typeof value === 'string') {
      if (recentReads.size >= RECENT_READS_LIMIT) recentReads.clear();
      recentReads.set(value, decimal);
    }
    return decimal;
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
/**
 * Deep-frozen strategies already checked: they cannot change, so one lookup answers (the JSON
 * comparison above costs ~1.5 µs a call; `freezeStrategy` makes such a strategy).
 */
const frozenChecked = new WeakSet<object>();

function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen);
}

/** Throws INVALID_STRATEGY_CONFIG unless `strategy` respects every bound. */
export function assertStrategy(strategy: unknown): asserts strategy is StrategyConfig {
  if (strategy === null || typeof strategy !== 'object') {
    parseWith(strategyConfigSchema, strategy, 'INVALID_STRATEGY_CONFIG');
    return;
  }
  if (frozenChecked.has(strategy)) return;
  const json = JSON.stringify(strategy);
  if (checked.get(strategy) === json) return;
  parseWith(strategyConfigSchema, strategy, 'INVALID_STRATEGY_CONFIG');
  if (isDeepFrozen(strategy)) frozenChecked.add(strategy);
  else checked.set(strategy, json);
}

/**
 * A checked, deep-frozen copy of `strategy` (throws INVALID_STRATEGY_CONFIG like
 * `parseStrategyConfig`): every later check of it is one lookup. For loops that pass the same
 * strategy to the decisions many times (a backtest).
 */
export function freezeStrategy(strategy: unknown): StrategyConfig {
  const copy = parseWith(strategyConfigSchema, strategy, 'INVALID_STRATEGY_CONFIG');
  for (const level of copy.decreaseLevels) Object.freeze(level);
  Object.freeze(copy.decreaseLevels);
  Object.freeze(copy);
  frozenChecked.add(copy);
  return copy;
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
