import {
  type Balances,
  CodedError,
  decideDecrease,
  decideIncrease,
  decreaseReason,
  type IncreaseDecision,
  increaseReason,
  type MarketStateValue,
  manualReason,
  type Position,
  quoteAfterBuyFee,
  type StrategyConfig,
} from '@balancer/core';
import type { ExchangeBalances } from '../../ports/exchange.js';
import type { MarketAssets } from '../trades/from-exchange.js';
import type { OrderRequest } from './runner.js';

/** What the strategy decisions read, for one tick or one manual request. */
export interface DecisionInput {
  position: Position | null;
  price: string;
  balances: Balances;
  now: number;
  strategy: StrategyConfig;
}

/** The free balances of the market's two assets (0 when the exchange lists none). */
export function strategyBalances(balances: ExchangeBalances, assets: MarketAssets): Balances {
  return { quote: balances.free[assets.quote] ?? '0', base: balances.free[assets.base] ?? '0' };
}

/** The reversal event of a tick: its points and the requirement they reached. */
export interface ReversalEventFacts {
  points: number;
  requirement: number;
}

/**
 * The balances a decision spends: where a buy's fee is charged in the quote asset, the free quote
 * less that fee (core's quoteAfterBuyFee), so a low-balance increase is not refused for the fee.
 */
export function decisionBalances(balances: ExchangeBalances, assets: MarketAssets): Balances {
  const free = strategyBalances(balances, assets);
  if (assets.quoteFeeRate === undefined) return free;
  return { ...free, quote: quoteAfterBuyFee(free.quote, assets.quoteFeeRate) };
}

/**
 * The automatic decision of a tick (docs/engine.md, The tick): a reversal event asks decideIncrease; a
 * window state 2 with an active position asks decideDecrease. At most one order per tick (the two
 * cannot both hold: a reversal event needs an active crash, which window state 2 ends). The order
 * carries its reason (docs/strategy.md#order-reasons), built from what the decision used.
 */
export function automaticOrder(
  input: DecisionInput & { reversalEvent: ReversalEventFacts | null; windowState: MarketStateValue },
): { order: OrderRequest | null; increase: IncreaseDecision | null } {
  const { reversalEvent: event, position, price, strategy } = input;
  if (event !== null) {
    const increase = decideIncrease({ ...input, reversalEvent: true });
    if (increase.action === 'none') return { order: null, increase };
    const reason = increaseReason({
      action: increase.action,
      points: event.points,
      pointsRequirement: event.requirement,
      entryPrice: position?.entryPrice ?? null,
      price,
      amountBase: increase.amountBase,
      quoteEstimate: increase.quoteEstimate,
      strategy,
    });
    const intent = { kind: 'increase' as const, level: null, manual: false, reason };
    return { order: { side: 'BUY', amount: increase.amountBase, intent }, increase };
  }
  if (input.windowState === 2 && position !== null) {
    const decrease = decideDecrease({ ...input, windowState: 2 });
    if (decrease.action === 'decrease') {
      const reason = decreaseReason({
        level: decrease.level,
        entryPrice: position.entryPrice,
        price,
        amountBase: decrease.amountBase,
        wholePosition: decrease.wholePosition,
        strategy,
      });
      const intent = { kind: 'decrease' as const, level: decrease.level, manual: false, reason };
      return { order: { side: 'SELL', amount: decrease.amountBase, intent }, increase: null };
    }
  }
  return { order: null, increase: null };
}

function refusal(reason: string, detail: string): never {
  if (reason === 'no-position') throw new CodedError('ENGINE_NO_POSITION');
  if (reason === 'insufficient-balance') throw new CodedError('ENGINE_INSUFFICIENT_BALANCE', detail);
  throw new CodedError('ENGINE_AMOUNT_BELOW_MINIMUM', detail);
}

/**
 * The operator's increase (no gates, the increase's amount rules); throws a coded refusal. `by` is
 * the operator's nickname, kept in the order's reason.
 */
export function manualIncreaseOrder(input: DecisionInput, by: string | null = null): OrderRequest {
  const decision = decideIncrease({ ...input, reversalEvent: false, manual: true });
  if (decision.action === 'none') {
    refusal(decision.reason, `free ${input.balances.quote} quote at price ${input.price}`);
  }
  const reason = manualReason({
    side: 'BUY',
    by,
    share: null,
    wholePosition: false,
    price: input.price,
    amountBase: decision.amountBase,
  });
  return {
    side: 'BUY',
    amount: decision.amountBase,
    intent: { kind: 'increase', level: null, manual: true, reason },
  };
}

/** The operator's decrease of `percentage` (1–100) of the active position; throws a coded refusal. */
export function manualDecreaseOrder(
  input: DecisionInput,
  percentage: number,
  by: string | null = null,
): OrderRequest {
  const decision = decideDecrease({ ...input, windowState: 0, manualPercentage: percentage });
  if (decision.action === 'none') {
    refusal(decision.reason, `position ${input.position?.amount ?? 0} BTC, free ${input.balances.base} BTC`);
  }
  const reason = manualReason({
    side: 'SELL',
    by,
    share: percentage,
    wholePosition: decision.wholePosition,
    price: input.price,
    amountBase: decision.amountBase,
  });
  return {
    side: 'SELL',
    amount: decision.amountBase,
    intent: { kind: 'decrease', level: null, manual: true, reason },
  };
}
