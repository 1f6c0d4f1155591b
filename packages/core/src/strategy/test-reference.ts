import { Decimal, pctChange, roundDecimal } from '../numbers/decimal.js';
import type { Position } from '../positions/types.js';
import type { StrategyConfig } from './config.js';
import {
  GLOBAL_DECREASE_WAIT_MS,
  MIN_ORDER_BASE,
  MS_PER_HOUR,
  MS_PER_MINUTE,
  ORDER_BASE_DECIMALS,
  QUOTE_ESTIMATE_DECIMALS,
  WHOLE_POSITION_SHARE,
} from './constants.js';
import type { DecreaseDecision } from './decrease.js';
import type { IncreaseDecision } from './increase.js';

/*
 * Plain decimal references of the automatic increase and decrease decisions, for property tests
 * only: each rule of docs/strategy.md written the obvious way on bignumber.js (every quotient
 * Decimal's 40 dp division), for valid inputs, without scaled integers, memos or fast paths.
 * Core's decideIncrease / decideDecrease must give the same answers.
 */

interface ReferenceInput {
  position: Position | null;
  price: string;
  balances: { quote: string; base: string };
  now: number;
  strategy: StrategyConfig;
}

const down5 = (value: Decimal): Decimal => roundDecimal(value, ORDER_BASE_DECIMALS, 'ROUND_DOWN');

/** Automatic `decideIncrease` on a reversal event. */
export function referenceIncrease({
  position,
  price,
  balances,
  now,
  strategy,
}: ReferenceInput): IncreaseDecision {
  if (!strategy.canIncrease) return { action: 'none', reason: 'disabled' };
  const open = position !== null && position.close === null ? position : null;
  if (open !== null) {
    const increases = open.actions.increases;
    const last = increases.at(-1)?.eventTime ?? open.open;
    const factor = strategy.increaseIdleMode === 'incremental' ? Math.max(1, increases.length) : 1;
    if (now <= last + Math.round(strategy.increaseIdleDuration * MS_PER_HOUR * factor))
      return { action: 'none', reason: 'idle' };
    const requirement = strategy.increaseGainRequirement;
    if (requirement !== 0 && pctChange(open.entryPrice, price) > requirement)
      return { action: 'none', reason: 'gain-requirement' };
  }
  const amountQuote = new Decimal(strategy.increaseAmountQuote);
  const lowBalance = new Decimal(balances.quote).lt(amountQuote);
  const amountBase = down5((lowBalance ? new Decimal(balances.quote) : amountQuote).dividedBy(price));
  if (amountBase.lt(MIN_ORDER_BASE))
    return { action: 'none', reason: lowBalance ? 'insufficient-balance' : 'below-minimum' };
  return {
    action: open === null ? 'open' : 'add',
    amountBase: amountBase.toFixed(),
    quoteEstimate: roundDecimal(amountBase.times(price), QUOTE_ESTIMATE_DECIMALS, 'ROUND_DOWN').toFixed(),
    lowBalance,
  };
}

/** Automatic `decideDecrease` at window state 2. */
export function referenceDecrease({
  position,
  price,
  balances,
  now,
  strategy,
}: ReferenceInput): DecreaseDecision {
  if (!strategy.canDecrease) return { action: 'none', reason: 'disabled' };
  if (position === null || position.close !== null) return { action: 'none', reason: 'no-position' };
  const gain = pctChange(position.entryPrice, price);
  let level = -1;
  strategy.decreaseLevels.forEach((entry, i) => {
    if (gain >= entry.gainRequirement) level = i;
  });
  if (level < 0) return { action: 'none', reason: 'gain-requirement' };
  const { frequency, percentage } = strategy.decreaseLevels[level]!;
  const lastOfLevel = position.actions.decreases[level]!.at(-1);
  if (lastOfLevel !== undefined && now <= lastOfLevel.eventTime + frequency * MS_PER_MINUTE)
    return { action: 'none', reason: 'level-idle' };
  const times = position.actions.decreases.flat().map((action) => action.eventTime);
  if (times.length > 0 && now <= Math.max(...times) + GLOBAL_DECREASE_WAIT_MS)
    return { action: 'none', reason: 'global-idle' };
  const held = new Decimal(position.amount);
  let amountBase = down5(held);
  let wholePosition = true;
  if (held.times(price).gt(new Decimal(strategy.increaseAmountQuote).times(WHOLE_POSITION_SHARE))) {
    const part = Decimal.max(down5(held.times(percentage).dividedBy(100)), MIN_ORDER_BASE);
    if (!held.minus(part).lt(MIN_ORDER_BASE)) {
      amountBase = part;
      wholePosition = false;
    }
  }
  const capped = amountBase.gt(balances.base);
  const sold = down5(capped ? new Decimal(balances.base) : amountBase);
  if (sold.lt(MIN_ORDER_BASE))
    return { action: 'none', reason: capped ? 'insufficient-balance' : 'below-minimum' };
  return { action: 'decrease', level, amountBase: sold.toFixed(), wholePosition };
}
