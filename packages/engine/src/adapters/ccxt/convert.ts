import { CodedError, toDecimal } from '@balancer/core';

/**
 * ccxt parses the exchange's decimal strings into JS numbers (IEEE doubles). `String(n)` gives the
 * shortest text that reads back as the same double, so any exchange value with at most 15
 * significant digits (every Binance price, amount and fee) comes back exactly as sent, minus
 * trailing zeros. Values with more digits would already have been rounded by ccxt; the adapter
 * cannot recover them. The result is a plain decimal string (no exponent).
 */
export function decimalString(value: unknown, field: string): string {
  if (typeof value === 'string' && value.trim() !== '') return checked(value, field);
  if (typeof value === 'number' && Number.isFinite(value)) return checked(String(value), field);
  throw new CodedError('EXCHANGE_RESPONSE_INVALID', `${field}: ${String(value)}`);
}

/** Like `decimalString`, with `fallback` for a missing (undefined/null) value. */
export function decimalOr(value: unknown, fallback: string, field: string): string {
  return value === undefined || value === null ? fallback : decimalString(value, field);
}

function checked(text: string, field: string): string {
  try {
    return toDecimal(text).toFixed();
  } catch {
    throw new CodedError('EXCHANGE_RESPONSE_INVALID', `${field}: ${text}`);
  }
}

/** A finite integer time in ms, or EXCHANGE_RESPONSE_INVALID. */
export function timeMs(value: unknown, field: string): number {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  throw new CodedError('EXCHANGE_RESPONSE_INVALID', `${field}: ${String(value)}`);
}

/**
 * A market's precision as a step: ccxt 4 uses TICK_SIZE precision mode for Binance (the step
 * itself, e.g. 0.00001); for DECIMAL_PLACES exchanges an integer n means 10^−n.
 */
export function stepFromPrecision(precision: unknown, tickSizeMode: boolean, field: string): string {
  if (tickSizeMode) return decimalString(precision, field);
  if (typeof precision === 'number' && Number.isInteger(precision) && precision >= 0) {
    return toDecimal(1).shiftedBy(-precision).toFixed();
  }
  throw new CodedError('EXCHANGE_RESPONSE_INVALID', `${field}: ${String(precision)}`);
}
