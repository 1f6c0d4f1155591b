import { type DecimalInput, toDecimal } from './decimal.js';

/**
 * An exact decimal as a whole number of 10^-scale (scale ≥ 0): 12.5 is 125 × 10^-1. Core's
 * position ledger and the rules that read it, the backtest exchange and the baselines keep money
 * in these (BigInt, so exact at any size) and spell it as a decimal string only for fills, positions
 * and reports. Every operation below gives the value `Decimal` (bignumber.js, 40 dp half up for a
 * quotient) gives for the same inputs, and `fixedText` the string `Decimal#toFixed()` gives, so
 * the figures are the ones a Decimal computation reports (fixed.test.ts compares them).
 */
export class Fixed {
  constructor(
    readonly units: bigint,
    readonly scale: number,
  ) {}
}

/** Decimal's DECIMAL_PLACES: a quotient is rounded to 40 dp half up before any named rounding. */
const QUOTIENT_DP = 40;
const POWERS: bigint[] = Array.from({ length: 96 }, (_, k) => 10n ** BigInt(k));
const pow10 = (k: number): bigint => POWERS[k] ?? 10n ** BigInt(k);

/** A plain decimal string (no exponent); its fraction's trailing zeros are not part of the scale. */
const PLAIN = /^(-?)(\d+)(?:\.(\d*))?$/;

function parsePlain(text: string): Fixed | null {
  const match = PLAIN.exec(text);
  if (match === null) return null;
  const fraction = match[3] ?? '';
  let end = fraction.length;
  while (end > 0 && fraction.charCodeAt(end - 1) === 48) end--;
  const units = BigInt(match[2]! + fraction.slice(0, end));
  return new Fixed(match[1] === '-' ? -units : units, end);
}

/**
 * The exact value of a decimal input, as `toDecimal` reads it (a number through its shortest
 * string); anything `toDecimal` refuses throws its INVALID_VALUE.
 */
export function fixedOf(value: DecimalInput | Fixed): Fixed {
  if (value instanceof Fixed) return value;
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) return new Fixed(BigInt(value), 0);
    // Prices of 2 dp (most candles): when the decimal k / 100 reads back as the double, it is
    // the double's shortest string (below 1e13 doubles are < 0.001 apart, so no other decimal
    // of ≤ 2 dp reads as it, and one of more dp has more digits), without spelling it.
    const cents = Math.round(value * 100);
    if (cents / 100 === value && value > 0 && value < 1e13) return new Fixed(BigInt(cents), 2);
  }
  const plain = typeof value === 'string' || typeof value === 'number' ? parsePlain(String(value)) : null;
  return plain ?? (parsePlain(toDecimal(value).toFixed()) as Fixed);
}

/** `Decimal#toFixed()` of the value: plain digits, no trailing zeros after the point, '0' for zero. */
export function fixedText(value: Fixed): string {
  const negative = value.units < 0n;
  let digits = (negative ? -value.units : value.units).toString();
  const { scale } = value;
  if (scale > 0) {
    if (digits.length <= scale) digits = '0'.repeat(scale + 1 - digits.length) + digits;
    const point = digits.length - scale;
    let end = digits.length;
    while (end > point && digits.charCodeAt(end - 1) === 48) end--;
    digits = end > point ? `${digits.slice(0, point)}.${digits.slice(point, end)}` : digits.slice(0, point);
  }
  return negative && digits !== '0' ? `-${digits}` : digits;
}

/** Powers of ten that are exact doubles (10^22 is the largest). */
const EXACT_POWERS = Array.from({ length: 23 }, (_, k) => 10 ** k);
const SAFE_UNITS = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The double nearest the value: `Number(fixedText(value))`, i.e. `Decimal#toNumber()`. When the
 * units and 10^scale are both exact doubles (|units| ≤ 2^53 − 1, scale ≤ 22), one IEEE division
 * of the two is correctly rounded, so it is that double without spelling the value.
 */
export function fixedToNumber(value: Fixed): number {
  const { units, scale } = value;
  if (scale <= 22 && units <= SAFE_UNITS && units >= -SAFE_UNITS) {
    const quotient = Number(units) / EXACT_POWERS[scale]!;
    // −0 only from negative units (there are none at zero): Decimal spells zero '0'.
    return quotient === 0 ? 0 : quotient;
  }
  return Number(fixedText(value));
}

/** A decimal of < 10^15 units has ≤ 15 significant digits. */
const DOUBLE_UNITS = 10n ** 15n;

/**
 * Whether core's `pctDecimal` computes on this value's double (its `fitsDouble`: > 0, at most 15
 * significant digits, a modest exponent), for `pctFixed`.
 */
export function readsAsDouble(value: Fixed): boolean {
  return value.units > 0n && value.units < DOUBLE_UNITS && value.scale < 300;
}

/** `a`'s units at `scale` (≥ a.scale). */
function unitsAt(a: Fixed, scale: number): bigint {
  return scale === a.scale ? a.units : a.units * pow10(scale - a.scale);
}

export function plus(a: Fixed, b: Fixed): Fixed {
  const scale = a.scale > b.scale ? a.scale : b.scale;
  return new Fixed(unitsAt(a, scale) + unitsAt(b, scale), scale);
}

export function minus(a: Fixed, b: Fixed): Fixed {
  const scale = a.scale > b.scale ? a.scale : b.scale;
  return new Fixed(unitsAt(a, scale) - unitsAt(b, scale), scale);
}

export function times(a: Fixed, b: Fixed): Fixed {
  return new Fixed(a.units * b.units, a.scale + b.scale);
}

/** −1, 0 or 1 as a is below, equal to or above b. */
export function compare(a: Fixed, b: Fixed): number {
  const scale = a.scale > b.scale ? a.scale : b.scale;
  const x = unitsAt(a, scale);
  const y = unitsAt(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function smaller(a: Fixed, b: Fixed): Fixed {
  return compare(b, a) < 0 ? b : a;
}

/** Whether the value has at most `decimals` decimals (is a multiple of 10^-decimals). */
export function hasAtMostDecimals(a: Fixed, decimals: number): boolean {
  return a.scale <= decimals || a.units % pow10(a.scale - decimals) === 0n;
}

/** `roundDecimal(a, decimals, 'ROUND_UP')`: away from zero. */
export function roundUp(a: Fixed, decimals: number): Fixed {
  if (a.scale <= decimals) return a;
  const step = pow10(a.scale - decimals);
  const whole = a.units / step;
  const exact = whole * step === a.units;
  return new Fixed(exact ? whole : a.units < 0n ? whole - 1n : whole + 1n, decimals);
}

/** `roundDecimal(a, decimals, 'ROUND_HALF_UP')`: to the nearest, halves away from zero. */
export function roundHalfUp(a: Fixed, decimals: number): Fixed {
  if (a.scale <= decimals) return a;
  const step = pow10(a.scale - decimals);
  const magnitude = a.units < 0n ? -a.units : a.units;
  const units = (2n * magnitude + step) / (2n * step);
  return new Fixed(a.units < 0n ? -units : units, decimals);
}

/** `roundDecimal(a, decimals, 'ROUND_DOWN')`: towards zero. */
export function roundDown(a: Fixed, decimals: number): Fixed {
  return a.scale <= decimals ? a : new Fixed(a.units / pow10(a.scale - decimals), decimals);
}

/** |num| ÷ |den| to 40 dp, half up: Decimal's division before any named rounding (den ≠ 0). */
function quotientAt40(num: Fixed, den: Fixed): bigint {
  const n = (num.units < 0n ? -num.units : num.units) * pow10(den.scale + QUOTIENT_DP);
  const d = (den.units < 0n ? -den.units : den.units) * pow10(num.scale);
  return (2n * n + d) / (2n * d);
}

/** `roundDecimal(num.dividedBy(den), decimals, 'ROUND_HALF_UP')` (den ≠ 0, decimals < 40). */
export function quotientHalfUp(num: Fixed, den: Fixed, decimals: number): Fixed {
  const step = pow10(QUOTIENT_DP - decimals);
  const units = (quotientAt40(num, den) + step / 2n) / step;
  return new Fixed(num.units < 0n !== den.units < 0n ? -units : units, decimals);
}

/**
 * `roundDecimal(num.dividedBy(den), decimals, 'ROUND_DOWN')` (den ≠ 0, decimals ≤ 40): the quotient
 * to 40 dp half up (Decimal's division), then towards zero to `decimals`.
 */
export function quotientDown(num: Fixed, den: Fixed, decimals: number): Fixed {
  const units = quotientAt40(num, den) / pow10(QUOTIENT_DP - decimals);
  return new Fixed(num.units < 0n !== den.units < 0n ? -units : units, decimals);
}
