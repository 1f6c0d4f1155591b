import { CodedError } from '../../errors/coded-error.js';
import type { WindowState } from '../../market-state/index.js';
import type { Position } from '../../positions/types.js';
import type { StrategyConfig } from '../config.js';
import {
  assertStrategy,
  type Balances,
  readBalances,
  readMarketState,
  readPrice,
  readTime,
} from '../inputs.js';
import { activePosition } from '../position-input.js';
import { decreasePlan } from './decrease-plan.js';
import { increasePlan } from './increase-plan.js';
import type { Plan } from './types.js';

export interface PlanInput {
  /** The active position, or null (a closed one counts as none). */
  position: Position | null;
  windowState: WindowState;
  /** The window's strong requirement (%), for the price change needed for a strong state. */
  strongRequirement: number;
  /** A crash (reversal) is in progress: the increase no longer waits for the window's −2. */
  crashActive: boolean;
  price: string;
  balances: Balances;
  now: number;
  strategy: StrategyConfig;
}

/**
 * The plan shown on the dashboard (docs/strategy.md#planner): what the next increase and, for an active
 * position, the next decrease need (time, price, amount, missing funds). Pure: it asks the same
 * decisions the engine asks, with a reversal event assumed for the increase.
 */
export function buildPlan(input: PlanInput): Plan {
  const price = readPrice(input.price);
  const balances = readBalances(input.balances);
  const now = readTime(input.now);
  assertStrategy(input.strategy);
  if (input.windowState === null || typeof input.windowState !== 'object') {
    throw new CodedError('INVALID_STRATEGY_INPUT', 'windowState must be an object {state, splitStates}');
  }
  const state = readMarketState(input.windowState.state, 'windowState.state');
  if (typeof input.crashActive !== 'boolean') {
    throw new CodedError('INVALID_STRATEGY_INPUT', 'crashActive must be a boolean');
  }
  const position = activePosition(input.position);
  const context = {
    position,
    windowState: state,
    crashActive: input.crashActive,
    splitStates: input.windowState.splitStates,
    strongRequirement: input.strongRequirement,
    price,
    priceText: input.price,
    balances: input.balances,
    freeQuote: balances.quote,
    freeBase: balances.base,
    now,
    strategy: input.strategy,
  };
  return {
    now,
    increase: increasePlan(context),
    decrease: position === null ? null : decreasePlan(position, state, context),
  };
}
