import { CodedError } from '../../errors/coded-error.js';
import { type MarketStateValue, SPLIT_IDS, type SplitId, type SplitState } from '../../market-state/index.js';
import { Decimal, roundDecimal } from '../../numbers/decimal.js';

function readChanges(splitStates: Record<SplitId, SplitState>): number[] {
  if (splitStates === null || typeof splitStates !== 'object') throw new CodedError('INVALID_SPLIT_STATES');
  return SPLIT_IDS.map((id) => {
    const change = splitStates[id]?.change;
    if (typeof change !== 'number' || !Number.isFinite(change))
      throw new CodedError('INVALID_SPLIT_STATES', id);
    return change;
  });
}

/**
 * The price change (%) the whole window still needs for a strong state (docs/strategy.md#planner), 2 dp:
 * for 2, with the split changes sorted ascending, strong − the second one; for −2, sorted
 * descending, −(second + strong). The second split is used because 7 of 8 splits at ±2 give a
 * mean ≥ 1.5 in size whatever the last one. Null when the window is already in the target state
 * (as the original), or when the result would not move the price towards the target.
 */
export function priceChangeForStrongState(
  splitStates: Record<SplitId, SplitState>,
  target: 2 | -2,
  strongRequirement: number,
  windowState: MarketStateValue,
): number | null {
  if (target !== 2 && target !== -2)
    throw new CodedError('INVALID_STRATEGY_INPUT', `target must be 2 or -2, got ${String(target)}`);
  if (
    typeof strongRequirement !== 'number' ||
    !Number.isFinite(strongRequirement) ||
    strongRequirement <= 0
  ) {
    throw new CodedError(
      'INVALID_STRATEGY_INPUT',
      `strongRequirement must be > 0, got ${String(strongRequirement)}`,
    );
  }
  const changes = readChanges(splitStates);
  if (windowState === target) return null;
  changes.sort((a, b) => (target === 2 ? a - b : b - a));
  // Decimal arithmetic on the numbers' shortest forms: 0.85 − 0.1 is 0.75, not 0.7499….
  const second = new Decimal(changes[1]!);
  const needed =
    target === 2 ? new Decimal(strongRequirement).minus(second) : second.plus(strongRequirement).negated();
  const rounded = roundDecimal(needed, 2, 'ROUND_HALF_UP').toNumber();
  return (target === 2 ? rounded > 0 : rounded < 0) ? rounded : null;
}
