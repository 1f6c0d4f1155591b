import { Decimal, type DecimalInput, roundDecimal } from '../numbers/decimal.js';
import { QUOTE_DECIMALS } from '../strategy/constants.js';

/**
 * The price at which a decrease level becomes active: entry × (1 + gain / 100) (reference §2.4),
 * rounded UP to 2 dp so that at this price the gain is at least the level's requirement.
 */
export function decreaseLevelPrice(entryPrice: DecimalInput, gainRequirement: number): Decimal {
  const factor = new Decimal(gainRequirement).dividedBy(100).plus(1);
  return roundDecimal(new Decimal(entryPrice).times(factor), QUOTE_DECIMALS, 'ROUND_UP');
}
