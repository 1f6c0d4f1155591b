import type { MarketStateValue, SplitId, SplitState } from '../../market-state/index.js';
import { Decimal, roundDecimal } from '../../numbers/decimal.js';
import { pctDecimal } from '../../numbers/fast.js';
import type { Position } from '../../positions/types.js';
import type { StrategyConfig } from '../config.js';
import { ORDER_BASE_DECIMALS, QUOTE_DECIMALS } from '../constants.js';
import { decideIncrease } from '../increase.js';
import type { Balances } from '../inputs.js';
import { readPositionPrice } from '../position-input.js';
import { firstTimePast, increaseIdleEnd } from '../timing.js';
import { priceChangeForStrongState } from './strong-state.js';
import type { IncreasePlan, IncreasePriceSetBy } from './types.js';

export interface PlanContext {
  /** The active position (already checked), or null. */
  position: Position | null;
  windowState: MarketStateValue;
  splitStates: Record<SplitId, SplitState>;
  strongRequirement: number;
  /** A crash (reversal) is in progress: the window has already been at −2. */
  crashActive: boolean;
  price: Decimal;
  priceText: string;
  balances: Balances;
  freeQuote: Decimal;
  freeBase: Decimal;
  now: number;
  strategy: StrategyConfig;
}

/** The price change an increase still waits for, and which constraint asks it. */
interface IncreaseTarget {
  change: number;
  setBy: IncreasePriceSetBy;
}

/**
 * The change (%) from the current price an increase waits for, as the original plans it: the
 * gain requirement asks `requirement − gain` while the gain is above the requirement; the window
 * asks its change to state −2 (which starts a crash) unless a crash is already active. With both,
 * the larger drop wins. Null when neither asks anything.
 */
function increaseTarget(context: PlanContext, strongStateChange: number | null): IncreaseTarget | null {
  const { position, strategy, price } = context;
  let target: IncreaseTarget | null = null;
  const requirement = strategy.increaseGainRequirement;
  if (position !== null && requirement !== 0) {
    const gain = pctDecimal(readPositionPrice(position), price);
    if (gain > requirement) {
      const change = new Decimal(requirement).minus(gain).toNumber();
      target = { change, setBy: 'requirement' };
    }
  }
  if (
    !context.crashActive &&
    strongStateChange !== null &&
    (target === null || strongStateChange < target.change)
  ) {
    target = { change: strongStateChange, setBy: 'strong-state' };
  }
  return target;
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
  const strongStateChange = priceChangeForStrongState(
    context.splitStates,
    -2,
    context.strongRequirement,
    context.windowState,
  );
  const target = increaseTarget(context, strongStateChange);
  // The current price moved by the change, 2 dp half up.
  const targetPrice =
    target === null
      ? null
      : roundDecimal(
          price.times(new Decimal(target.change).dividedBy(100).plus(1)),
          QUOTE_DECIMALS,
          'ROUND_HALF_UP',
        );
  const amountQuote = new Decimal(strategy.increaseAmountQuote);
  return {
    enabled: strategy.canIncrease,
    action: position === null ? 'open' : 'add',
    canIncrease: decision.action !== 'none',
    reason: decision.action === 'none' ? decision.reason : null,
    time: position === null ? now : firstTimePast(increaseIdleEnd(position, strategy), now),
    price: targetPrice === null ? null : targetPrice.toFixed(),
    priceChange: target === null ? null : target.change,
    priceSetBy: target === null ? null : target.setBy,
    amountQuote: amountQuote.toFixed(),
    amountBase: roundDecimal(amountQuote.dividedBy(price), ORDER_BASE_DECIMALS, 'ROUND_DOWN').toFixed(),
    missingQuote: Decimal.max(amountQuote.minus(context.freeQuote), 0).toFixed(),
    strongStateChange,
  };
}
