import type { MarketStateValue } from '../../market-state/index.js';
import { Decimal } from '../../numbers/decimal.js';
import { pctDecimal } from '../../numbers/fast.js';
import { fixedOf, fixedText } from '../../numbers/fixed.js';
import { decreasePriceLevels } from '../../positions/levels.js';
import type { Position } from '../../positions/types.js';
import { desiredDecrease } from '../amounts.js';
import { activeLevel, decideDecrease } from '../decrease.js';
import { readPositionAmount, readPositionPrice } from '../position-input.js';
import { firstTimePast, globalDecreaseIdleEnd, levelIdleEnd } from '../timing.js';
import type { PlanContext } from './increase-plan.js';
import { priceChangeForStrongState } from './strong-state.js';
import type { DecreaseLevelPlan, DecreasePlan } from './types.js';

/** The 5 levels with their prices and, while they wait, the end of their wait. */
function levelPlans(position: Position, context: PlanContext): DecreaseLevelPlan[] {
  // decreaseLevelPrice of each level, remembered for the entry price (it changes only on buys).
  const prices = decreasePriceLevels(fixedOf(readPositionPrice(position)), context.strategy);
  return context.strategy.decreaseLevels.map((level, i) => {
    const next = firstTimePast(levelIdleEnd(position.actions, i, context.strategy), context.now);
    return {
      gainRequirement: level.gainRequirement,
      percentage: level.percentage,
      price: prices[i]!,
      idleUntil: next > context.now ? next : null,
    };
  });
}

/** The decrease side of the plan for an active position (docs/strategy.md#planner). */
export function decreasePlan(
  position: Position,
  windowState: MarketStateValue,
  context: PlanContext,
): DecreasePlan {
  const { strategy, price, now } = context;
  const decision = decideDecrease({
    position,
    windowState,
    price: context.priceText,
    balances: context.balances,
    now,
    strategy,
  });
  const levels = levelPlans(position, context);
  const level = Math.max(0, activeLevel(pctDecimal(readPositionPrice(position), price), strategy));
  const sellPrice = Decimal.max(price, levels[level]!.price);
  const percentage = strategy.decreaseLevels[level]!.percentage;
  const desired = desiredDecrease({
    positionAmount: fixedOf(readPositionAmount(position)),
    percentage: fixedOf(percentage),
    price: fixedOf(sellPrice),
    freeBase: fixedOf(context.freeBase),
    increaseAmountQuote: fixedOf(strategy.increaseAmountQuote),
  });
  const amountBase = new Decimal(fixedText(desired.amountBase));
  // The gates are strict (now > end): the first time past both waits.
  const time = Math.max(
    firstTimePast(levelIdleEnd(position.actions, level, strategy), now),
    firstTimePast(globalDecreaseIdleEnd(position.actions), now),
  );
  return {
    enabled: strategy.canDecrease,
    canDecrease: decision.action !== 'none',
    reason: decision.action === 'none' ? decision.reason : null,
    level,
    time,
    price: sellPrice.toFixed(),
    priceChange: pctDecimal(price, sellPrice),
    percentage,
    amountBase: amountBase.toFixed(),
    missingBase: Decimal.max(amountBase.minus(context.freeBase), 0).toFixed(),
    levels,
    strongStateChange: priceChangeForStrongState(
      context.splitStates,
      2,
      context.strongRequirement,
      context.windowState,
    ),
  };
}
