import BigNumber from 'bignumber.js';
import { CodedError } from '../errors/coded-error.js';

/**
 * Money is never a float: quote and BTC amounts are `Decimal`s (an isolated bignumber.js
 * constructor, so no other code can change its settings), rounded where it happens with a named
 * mode. Indicator percentages may be plain numbers, rounded with `roundNumber`.
 */
export const Decimal = BigNumber.clone({
  DECIMAL_PLACES: 40,
  ROUNDING_MODE: BigNumber.ROUND_HALF_UP,
  EXPONENTIAL_AT: [-50, 50],
});
export type Decimal = BigNumber;

/** Anything a decimal can be read from. Numbers are accepted for convenience; strings are exact. */
export type DecimalInput = string | number | BigNumber;

/** The rounding modes by name (half up is the default); every rounding in the code names its mode. */
export const ROUNDING_MODES = {
  ROUND_UP: BigNumber.ROUND_UP,
  ROUND_DOWN: BigNumber.ROUND_DOWN,
  ROUND_CEIL: BigNumber.ROUND_CEIL,
  ROUND_FLOOR: BigNumber.ROUND_FLOOR,
  ROUND_HALF_UP: BigNumber.ROUND_HALF_UP,
  ROUND_HALF_DOWN: BigNumber.ROUND_HALF_DOWN,
  ROUND_HALF_EVEN: BigNumber.ROUND_HALF_EVEN,
  ROUND_HALF_CEIL: BigNumber.ROUND_HALF_CEIL,
  ROUND_HALF_FLOOR: BigNumber.ROUND_HALF_FLOOR,
} as const;
export type RoundingMode = keyof typeof ROUNDING_MODES;

/**
 * Reads a finite decimal; anything else (NaN, ±Infinity, '', '1e', objects) is INVALID_VALUE.
 * A finite `Decimal` is returned as it is (decimals are immutable, so a copy would only cost an
 * allocation on every hot path that passes decimals along).
 */
export function toDecimal(value: DecimalInput): Decimal {
  if (value instanceof Decimal && value.isFinite()) return value;
  if (typeof value === 'string' && value.trim() === '') throw new CodedError('INVALID_VALUE', 'empty string');
  if (typeof value !== 'string' && typeof value !== 'number' && !BigNumber.isBigNumber(value)) {
    throw new CodedError('INVALID_VALUE', `expected a number or numeric string, got ${typeof value}`);
  }
  let decimal: Decimal;
  try {
    decimal = new Decimal(value);
  } catch {
    throw new CodedError('INVALID_VALUE', String(value));
  }
  if (!decimal.isFinite()) throw new CodedError('INVALID_VALUE', String(value));
  return decimal;
}

/** Reads a finite decimal that is ≥ 0 (prices, amounts, balances). */
export function toNonNegativeDecimal(value: DecimalInput): Decimal {
  const decimal = toDecimal(value);
  if (decimal.isNegative() && !decimal.isZero())
    throw new CodedError('NEGATIVE_VALUE_NOT_ALLOWED', String(value));
  return decimal;
}

function checkDecimalPlaces(decimalPlaces: number): void {
  if (!Number.isInteger(decimalPlaces) || decimalPlaces < 0 || decimalPlaces > 100) {
    throw new CodedError('INVALID_DECIMAL_PLACES', String(decimalPlaces));
  }
}

function modeOf(mode: RoundingMode): BigNumber.RoundingMode {
  // Own keys only: 'toString' and friends are inherited, not rounding modes.
  const value = Object.hasOwn(ROUNDING_MODES, mode) ? ROUNDING_MODES[mode] : undefined;
  if (value === undefined) throw new CodedError('INVALID_ROUNDING_MODE', String(mode));
  return value;
}

/** Rounds to `decimalPlaces` (0–100, default 2) with a named mode (default half up). */
export function roundDecimal(
  value: DecimalInput,
  decimalPlaces = 2,
  mode: RoundingMode = 'ROUND_HALF_UP',
): Decimal {
  checkDecimalPlaces(decimalPlaces);
  return toDecimal(value).decimalPlaces(decimalPlaces, modeOf(mode));
}

/** The same rounding for plain numbers (indicator percentages, scores), computed exactly. */
export function roundNumber(value: number, decimalPlaces = 2, mode: RoundingMode = 'ROUND_HALF_UP'): number {
  return roundDecimal(value, decimalPlaces, mode).toNumber();
}

/**
 * Percentage change from `base` to `value`: (value − base) / base × 100, rounded 2 dp half up;
 * −100 when value ≤ 0 (reference, preamble). The base must be > 0.
 */
export function pctChange(base: DecimalInput, value: DecimalInput, decimalPlaces = 2): number {
  const from = toDecimal(base);
  if (!from.isGreaterThan(0)) throw new CodedError('INVALID_PERCENTAGE_BASE', String(base));
  const to = toDecimal(value);
  if (!to.isGreaterThan(0)) return -100;
  return to
    .minus(from)
    .dividedBy(from)
    .times(100)
    .decimalPlaces(decimalPlaces, BigNumber.ROUND_HALF_UP)
    .toNumber();
}
