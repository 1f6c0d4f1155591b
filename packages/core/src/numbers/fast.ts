import { CodedError } from '../errors/coded-error.js';
import { Decimal, pctChange } from './decimal.js';
import { type Fixed, fixedText, fixedToNumber, readsAsDouble } from './fixed.js';

/*
 * Plain-number twins of decimal.ts's `roundNumber(x, 2, 'ROUND_HALF_UP')` and `pctChange(a, b)`
 * (and a 2 dp average of two numbers) for indicators that run per candle (backtests of millions
 * of candles), without BigNumber.
 *
 * decimal.ts reads a number through its shortest decimal string (String(1.005) is '1.005', so it
 * rounds to 1.01 although the double is slightly below 1.005). To give the same answers, the fast
 * path works in doubles and only decides when the double result is farther from a rounding tie
 * than its worst-case error; anything closer (real ties such as 1.005, or magnitudes ≥ 1e15)
 * takes an exact path over the shortest decimal strings with BigInt. The results are equal to
 * decimal.ts for every finite input, including the sign of zero (roundNumber(-0.001) is -0).
 */

/** Beyond this a double has no room for the 2 decimals: take the exact path. */
const FAST_LIMIT = 1e15;
/** Below this doubles lose relative precision (subnormals near 1e-308): take the exact path. */
const TINY = 1e-300;

/** BigNumber divides to 40 decimals (half up) before rounding to 2: done the same way here. */
const QUOTIENT_DIGITS = 40n;

/** A decimal string split into sign, integer mantissa and power of ten: x = ±mantissa × 10^exponent. */
interface ExactDecimal {
  negative: boolean;
  mantissa: bigint;
  exponent: number;
}

const DECIMAL_STRING = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/** The exact value decimal.ts gives a finite number: that of its shortest round-trip string. */
function exactDecimal(value: number): ExactDecimal {
  const match = DECIMAL_STRING.exec(String(value));
  if (!match) throw new CodedError('INVALID_VALUE', String(value));
  const [, sign, whole = '', fraction = '', power = '0'] = match;
  return {
    negative: sign === '-',
    mantissa: BigInt(whole + fraction),
    exponent: Number(power) - fraction.length,
  };
}

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** numerator / denominator (denominator > 0, numerator ≥ 0) rounded to an integer, halves up. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/** cents × 10^-2 as the nearest double, with the sign; ±0 keeps its sign like BigNumber does. */
function fromCents(cents: bigint, negative: boolean): number {
  const magnitude = Number(`${cents}e-2`);
  return negative ? -magnitude : magnitude;
}

function round2Exact(value: number): number {
  const { negative, mantissa, exponent } = exactDecimal(value);
  const shift = exponent + 2;
  const cents = shift >= 0 ? mantissa * pow10(shift) : divideHalfUp(mantissa, pow10(-shift));
  return fromCents(cents, negative);
}

/** -0 for negative inputs (including -0), else the magnitude: the sign rule of BigNumber. */
function withSign(magnitude: number, negative: boolean): number {
  return negative ? -magnitude : magnitude;
}

/**
 * The integer nearest to `scaled` (≥ 0), halves up, when `scaled` is farther than `margin` from a
 * half, its worst-case distance from the exact value; −1 when the double cannot decide.
 */
function fastHalfUp(scaled: number, margin: number): number {
  if (!(scaled < FAST_LIMIT)) return -1;
  const floor = Math.floor(scaled);
  const fraction = scaled - floor;
  if (fraction < 0.5 - margin) return floor;
  if (fraction > 0.5 + margin) return floor + 1;
  return -1;
}

/** Below this a double's ulp is < 0.0003, far under the 0.001 between two 3-decimal values. */
const TIE_LIMIT = 1e12;

/**
 * The cents of `magnitude` (≥ 0) when its shortest decimal string is a 3-decimal tie (x.xx5),
 * rounded up; −1 otherwise. If T / 1000 is exactly `magnitude` as a double, the decimal T / 1000
 * reads back as `magnitude`, and no decimal with fewer digits does (it would be ≥ 0.005 away, over
 * 15 ulps), so it is the shortest string decimal.ts rounds. Scores such as 25 % of 32.5 = 8.125
 * are such ties; this spares them the BigInt path.
 */
function threeDecimalTie(magnitude: number): number {
  if (!(magnitude < TIE_LIMIT)) return -1;
  const thousandths = Math.round(magnitude * 1000);
  if (thousandths % 10 !== 5 || thousandths / 1000 !== magnitude) return -1;
  return (thousandths + 5) / 10;
}

/**
 * Rounds to 2 decimals, ties away from zero: exactly `roundNumber(x, 2, 'ROUND_HALF_UP')`.
 * Throws INVALID_VALUE for NaN and ±Infinity.
 */
export function round2HalfUp(x: number): number {
  if (!Number.isFinite(x)) throw new CodedError('INVALID_VALUE', String(x));
  const negative = x < 0 || (x === 0 && 1 / x < 0);
  const scaled = (negative ? -x : x) * 100;
  // |scaled − 100 × decimal(x)| ≤ 2⁻⁵² × scaled; 1e-15 × scaled leaves a 4× margin.
  let cents = fastHalfUp(scaled, scaled * 1e-15);
  if (cents < 0) cents = threeDecimalTie(negative ? -x : x);
  return cents >= 0 ? withSign(cents / 100, negative) : round2Exact(x);
}

function average2Exact(a: number, b: number): number {
  const x = exactDecimal(a);
  const y = exactDecimal(b);
  const exponent = Math.min(x.exponent, y.exponent);
  const sum =
    (x.negative ? -1n : 1n) * x.mantissa * pow10(x.exponent - exponent) +
    (y.negative ? -1n : 1n) * y.mantissa * pow10(y.exponent - exponent);
  const negative = sum < 0n;
  const magnitude = negative ? -sum : sum;
  // Like BigNumber, halve to 40 decimals first (half up), then round that to 2.
  const shift = exponent + Number(QUOTIENT_DIGITS);
  const quotient =
    shift >= 0 ? divideHalfUp(magnitude * pow10(shift), 2n) : divideHalfUp(magnitude, 2n * pow10(-shift));
  return fromCents(divideHalfUp(quotient, 10n ** (QUOTIENT_DIGITS - 2n)), negative);
}

/**
 * (a + b) / 2 on the numbers' decimal values, rounded to 2 decimals half up:
 * `roundDecimal(toDecimal(a).plus(b).dividedBy(2), 2).toNumber()`. Plain doubles would turn
 * avg(3.5, 5.13) = 4.315 into 4.3149999999999995 and round it down. Throws INVALID_VALUE for
 * non-finite inputs.
 */
export function average2HalfUp(a: number, b: number): number {
  if (!Number.isFinite(a)) throw new CodedError('INVALID_VALUE', String(a));
  if (!Number.isFinite(b)) throw new CodedError('INVALID_VALUE', String(b));
  // Two zeros keep IEEE's sign of their sum, as BigNumber does (−0 only for −0 and −0).
  if (a === 0 && b === 0) return (a + b) / 2;
  const mean = (a + b) / 2;
  if (mean === 0 || !Number.isFinite(mean)) return average2Exact(a, b);
  const negative = mean < 0;
  const scaled = (negative ? -mean : mean) * 100;
  // Reading a and b, the sum and the product err by at most 2⁻⁵² × 100 × (|a| + |b|) + 2⁻⁵³ × scaled.
  const margin = ((a < 0 ? -a : a) + (b < 0 ? -b : b)) * 1e-13 + scaled * 1e-15;
  const cents = fastHalfUp(scaled, margin);
  return cents >= 0 ? withSign(cents / 100, negative) : average2Exact(a, b);
}

function pctExact(base: number, value: number): number {
  const a = exactDecimal(base);
  const b = exactDecimal(value);
  const exponent = Math.min(a.exponent, b.exponent);
  const from = a.mantissa * pow10(a.exponent - exponent);
  const to = b.mantissa * pow10(b.exponent - exponent);
  const difference = to - from;
  const negative = difference < 0n;
  const magnitude = negative ? -difference : difference;
  const quotient = divideHalfUp(magnitude * 10n ** QUOTIENT_DIGITS, from);
  // quotient carries 40 decimals; the percentage's 2 decimals are the quotient's first 4.
  const cents = divideHalfUp(quotient, 10n ** (QUOTIENT_DIGITS - 4n));
  return fromCents(cents, negative);
}

/**
 * Percentage change (b − a) / a × 100 rounded to 2 decimals half up, −100 when b ≤ 0: exactly
 * `pctChange(a, b)`. Throws INVALID_VALUE for non-finite inputs and INVALID_PERCENTAGE_BASE when
 * a ≤ 0.
 */
export function pctNumber(a: number, b: number): number {
  if (!Number.isFinite(a)) throw new CodedError('INVALID_VALUE', String(a));
  if (!(a > 0)) throw new CodedError('INVALID_PERCENTAGE_BASE', String(a));
  if (!Number.isFinite(b)) throw new CodedError('INVALID_VALUE', String(b));
  if (!(b > 0)) return -100;
  if (a === b) return 0;
  if (a < TINY || b < TINY) return pctExact(a, b);
  const negative = b < a;
  const scaled = ((negative ? a - b : b - a) / a) * 10_000;
  // Reading a and b as doubles, the subtraction, division and product err by at most
  // 2⁻⁵³ × (4 × scaled + 2e4); the margin below is about 10× that.
  const cents = fastHalfUp(scaled, 1e-11 + scaled * 4e-15);
  return cents >= 0 ? withSign(cents / 100, negative) : pctExact(a, b);
}

/** Decimals with at most this many significant digits are read exactly through a double. */
const DOUBLE_DIGITS = 15;

/** True when `value` is a finite decimal > 0 whose double has the same decimal value. */
function fitsDouble(value: Decimal): boolean {
  // (e is the decimal exponent: 84123.45 has e 4.) Within ±300 neither overflow nor subnormals.
  const exponent = value.e ?? Number.NaN;
  return value.isGreaterThan(0) && exponent > -300 && exponent < 300 && value.sd() <= DOUBLE_DIGITS;
}

/**
 * `pctChange(base, value)` (2 dp) for decimals, exactly, without BigNumber division when it can:
 * a decimal of at most 15 significant digits converts to the double whose shortest string has the
 * same value, which is what `pctNumber` computes on (prices and quote figures of 2 dp qualify).
 * Anything else (more digits, ≤ 0, huge or tiny) goes to `pctChange` itself.
 */
export function pctDecimal(base: Decimal, value: Decimal): number {
  if (fitsDouble(base) && fitsDouble(value)) return pctNumber(base.toNumber(), value.toNumber());
  return pctChange(base, value);
}

/**
 * `pctChange(base, value)` (2 dp) for exact scaled integers: `pctNumber` on their doubles when
 * `pctDecimal` certainly would (`readsAsDouble`), else `pctDecimal` on their decimals.
 */
export function pctFixed(base: Fixed, value: Fixed): number {
  if (readsAsDouble(base) && readsAsDouble(value))
    return pctNumber(fixedToNumber(base), fixedToNumber(value));
  return pctDecimal(new Decimal(fixedText(base)), new Decimal(fixedText(value)));
}
