import { CodedError } from '../errors/coded-error.js';
import { type DecimalInput, ROUNDING_MODES, type RoundingMode, roundDecimal } from './decimal.js';

/** Options of the amount formats (dollars, bitcoin, percent, plain decimals). */
export interface AmountFormatOptions {
  /** Decimal places shown, 0–100; each format has its own default. */
  decimalPlaces?: number;
  /**
   * Rounding mode, default 'ROUND_HALF_UP': ties go away from zero, so 0.005 → 0.01 and
   * −0.005 → −0.01 at 2 dp.
   */
  mode?: RoundingMode;
}

/** Quote amounts are shown in dollars with 2 decimals. */
const DOLLAR_DECIMALS = 2;
/** Bitcoin amounts are shown with 8 decimals (1 satoshi). */
const BITCOIN_DECIMALS = 8;
/** Percentages are shown with 2 decimals, and with 1 in the grouped summary. */
const PERCENT_DECIMALS = 2;
export const GROUPED_PERCENT_DECIMALS = 1;

/** Inserts a comma every three digits of the integer part: '1234567.50' → '1,234,567.50'. */
export function groupThousands(unsignedDigits: string): string {
  const dot = unsignedDigits.indexOf('.');
  const whole = dot === -1 ? unsignedDigits : unsignedDigits.slice(0, dot);
  const fraction = dot === -1 ? '' : unsignedDigits.slice(dot);
  const groups: string[] = [];
  for (let end = whole.length; end > 0; end -= 3) groups.unshift(whole.slice(Math.max(0, end - 3), end));
  return groups.join(',') + fraction;
}

/** The rounding mode, checked against own keys only (so 'toString' is not taken for a mode). */
export function checkRoundingMode(mode: RoundingMode | undefined): RoundingMode {
  if (mode === undefined) return 'ROUND_HALF_UP';
  if (typeof mode !== 'string' || !Object.hasOwn(ROUNDING_MODES, mode)) {
    throw new CodedError('INVALID_ROUNDING_MODE', String(mode));
  }
  return mode;
}

/**
 * Rounds and splits into a sign and grouped digits with exactly `decimalPlaces` decimals. The sign
 * is taken after rounding: a value that rounds to zero has sign 0 (never shown as '-0.00').
 */
function roundForDisplay(value: DecimalInput, fallbackDecimals: number, options: AmountFormatOptions) {
  const decimalPlaces = options.decimalPlaces ?? fallbackDecimals;
  const rounded = roundDecimal(value, decimalPlaces, checkRoundingMode(options.mode));
  const sign = rounded.isZero() ? 0 : rounded.isNegative() ? -1 : 1;
  return { sign, digits: groupThousands(rounded.abs().toFixed(decimalPlaces)) };
}

/** A decimal with thousands commas and a period: '-1,234.50' (default 2 dp, half up). */
export function formatDecimal(value: DecimalInput, options: AmountFormatOptions = {}): string {
  const { sign, digits } = roundForDisplay(value, 2, options ?? {});
  return `${sign < 0 ? '-' : ''}${digits}`;
}

/** Dollars: '$1,234.50', negatives as '-$1,234.50' (default 2 dp, half up). */
export function formatDollars(value: DecimalInput, options: AmountFormatOptions = {}): string {
  const { sign, digits } = roundForDisplay(value, DOLLAR_DECIMALS, options ?? {});
  return `${sign < 0 ? '-' : ''}$${digits}`;
}

/**
 * A quote amount in its own asset: '$1,234.50' for USD, else the code after the figure:
 * '1,234.50 USDT' (a stablecoin is not the dollar). Default 2 dp, half up; the one helper every
 * screen formats quote amounts with when it knows the asset.
 */
export function formatQuote(
  value: DecimalInput,
  quoteAsset: string,
  options: AmountFormatOptions = {},
): string {
  if (quoteAsset === 'USD') return formatDollars(value, options);
  return `${formatDecimal(value, { decimalPlaces: DOLLAR_DECIMALS, ...options })} ${quoteAsset}`;
}

/** Bitcoin: '₿0.00012345', negatives as '-₿0.50000000' (default 8 dp, half up). */
export function formatBitcoin(value: DecimalInput, options: AmountFormatOptions = {}): string {
  const { sign, digits } = roundForDisplay(value, BITCOIN_DECIMALS, options ?? {});
  return `${sign < 0 ? '-' : ''}₿${digits}`;
}

/**
 * A percentage (already ×100) with an explicit sign: '+1.23%', '-0.50%', and '0.00%' for what
 * rounds to zero. Default 2 dp half up; pass `decimalPlaces: GROUPED_PERCENT_DECIMALS` for the
 * grouped summary.
 */
export function formatPercent(value: DecimalInput, options: AmountFormatOptions = {}): string {
  const { sign, digits } = roundForDisplay(value, PERCENT_DECIMALS, options ?? {});
  return `${sign < 0 ? '-' : sign > 0 ? '+' : ''}${digits}%`;
}
