import { type DecimalInput, toDecimal } from './decimal.js';

/** How a gain is coloured. */
export type GainClass = 'strong-positive' | 'positive' | 'neutral' | 'negative' | 'strong-negative';

/** A gain of at least this many percent (either way) is 'strong'. */
const STRONG_GAIN_PCT = 3;

/**
 * Classifies a gain in percent: ≥ +3 strong-positive, > 0 positive, exactly 0 neutral,
 * ≤ −3 strong-negative, < 0 negative. Compared as decimals, so '2.9999999999999999' stays
 * 'positive'. NaN and non-numeric strings throw INVALID_VALUE.
 */
export function classifyGain(gainPct: DecimalInput): GainClass {
  const gain = toDecimal(gainPct);
  if (gain.isGreaterThanOrEqualTo(STRONG_GAIN_PCT)) return 'strong-positive';
  if (gain.isGreaterThan(0)) return 'positive';
  if (gain.isLessThanOrEqualTo(-STRONG_GAIN_PCT)) return 'strong-negative';
  if (gain.isLessThan(0)) return 'negative';
  return 'neutral';
}
