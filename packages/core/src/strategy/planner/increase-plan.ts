import type { SplitId, SplitState } from '../../market-state/index.js';
import { Decimal, roundDecimal } from '../../numbers/decimal.js';
import { pctDecimal } from '../../numbers/fast.js';
import type { Position } from '../../positions/types.js';
import type { StrategyConfig } from '../config.js';
import { ORDER_BASE_DECIMALS, QUOTE_DECIMALS } from '../constants.js';
import { decideIncrease } from '../increase.js';
import type { Balances } from '../inputs.js';
import { readPositionPrice } from '../position-input.js';
import { increaseIdleEnd } from '../timing.js';
import { priceChangeForStrongState } from './strong-state.js';
import type { IncreasePlan } from './types.js';

export interface PlanContext {
  /** The active position (already checked), or null. */
  position: Position | null;
  splitStates: Record<SplitId, SplitState>;
  strongRequirement: number;
  price: Decimal;
  priceText: string;
  balances: Balances;
  freeQuote: Decimal;
  freeBase: Decimal;
  now: number;
  strategy: StrategyConfig;
}

/**
 * The price at which an add meets the gain requirement: entry × (1 + requirement / 100), rounded
 * DOWN to 2 dp so the gain there is ≤ the requirement.
 */
function requirementPrice(position: Position, requirement: number): Decimal {
  const factor = new Decimal(requirement).dividedBy(100).plus(1);
  return roundDecimal(readPositionPrice(position).times(factor), QUOTE_DECIMALS, 'ROUND_DOWN');
}

/** The increase side of the plan (docs/strategy.md#planner). */
export function increasePlan(context: PlanContext): IncreasePlan {
  const { position, strategy, price, now } = context;
  const decision = decideIncrease({
    position,
    reversalEvent: true,
    price: context.priceText,
    balances: context.balances,
    now,
    strategy,
  });
  const requirement = strategy.increaseGainRequirement;
  const target = position === null || requirement === 0 ? null : requirementPrice(position, requirement);
  const amountQuote = new Decimal(strategy.increaseAmountQuote);
  return {
    enabled: strategy.canIncrease,
    action: position === null ? 'open' : 'add',
    canIncrease: decision.action !== 'none',
    reason: decision.action === 'none' ? decision.reason : null,
    time: position === null ? now : Math.max(now, increaseIdleEnd(position, strategy)),
    price: target === null ? null : target.toFixed(),
    priceChange: target === null ? null : pctDecimal(price, target),
    amountQuote: amountQuote.toFixed(),
    amountBase: roundDecimal(amountQuote.dividedBy(price), ORDER_BASE_DECIMALS, 'ROUND_DOWN').toFixed(),
    missingQuote: Decimal.max(amountQuote.minus(context.freeQuote), 0).toFixed(),
    strongStateChange: priceChangeForStrongState(context.splitStates, -2, context.strongRequirement),
  };
}
