import { CodedError } from '../errors/coded-error.js';
import { pctChange, roundDecimal, toDecimal } from '../numbers/decimal.js';
import { formatDecimal } from '../numbers/format-amount.js';
import type { StrategyConfig } from './config.js';
import { QUOTE_DECIMALS } from './constants.js';

/*
 * Why an order was placed (docs/strategy.md#order-reasons): decided by the engine (and the
 * backtest) at the moment it decides, stored with the transaction (never rebuilt later), and
 * rendered in plain words by `describeOrderReason`. Prices and amounts are decimal text (quote per
 * BTC, BTC, quote), gains and points plain numbers (2 dp), levels and shares as shown to operators
 * (level 1–5, share in %).
 */

/** The price the decision used (quote per BTC), the BTC ordered and its value at that price (2 dp). */
interface UsedAmounts {
  price: string;
  amountBase: string;
  amountQuote: string;
}

/**
 * Why an order was placed; checked by `orderReasonSchema` (order-reason-schema.ts) when it is
 * stored and read back.
 * - `reversal-event`: an automatic buy that opened a position or added to the active one, with the
 *   event's points and the requirement; for an add the gain at `price` and the increase gain
 *   requirement (gain ≤ it).
 * - `decrease-level`: an automatic sell of level 1–5 with the gain reached, the level's
 *   requirement (gain ≥ it) and share (%); `wholePosition` when the position was too small to
 *   sell in parts.
 * - `manual`: the operator's order, `by` their nickname (null when not known); a sell's share.
 */
export type OrderReason =
  | ({
      rule: 'reversal-event';
      action: 'open' | 'add';
      points: number;
      requirement: number;
      gain: number | null;
      gainRequirement: number | null;
    } & UsedAmounts)
  | ({
      rule: 'decrease-level';
      level: number;
      gain: number;
      requirement: number;
      share: number;
      wholePosition: boolean;
    } & UsedAmounts)
  | ({
      rule: 'manual';
      side: 'BUY' | 'SELL';
      by: string | null;
      share: number | null;
      wholePosition: boolean;
    } & UsedAmounts);

/** The words shown where an order has no stored reason (placed before reasons were recorded). */
export const REASON_NOT_RECORDED = 'Reason not recorded (before this version)';

/** The price and amounts a decision used: `amountQuote` is amountBase × price at 2 dp unless given. */
function usedAmounts(price: string, amountBase: string, amountQuote?: string) {
  const quote =
    amountQuote ?? roundDecimal(toDecimal(amountBase).times(price), QUOTE_DECIMALS).toFixed(QUOTE_DECIMALS);
  return {
    price: toDecimal(price).toFixed(),
    amountBase: toDecimal(amountBase).toFixed(),
    amountQuote: toDecimal(quote).toFixed(),
  };
}

/** The gain of `price` over `entryPrice`, %, 2 dp (as positions show it). */
function gainAt(entryPrice: string, price: string): number {
  return pctChange(entryPrice, price);
}

/** What a buy decided on a reversal event used. */
export interface IncreaseReasonInput {
  action: 'open' | 'add';
  points: number;
  pointsRequirement: number;
  /** The active position's entry price (an add), else null. */
  entryPrice: string | null;
  price: string;
  amountBase: string;
  quoteEstimate: string;
  strategy: StrategyConfig;
}

export function increaseReason(input: IncreaseReasonInput): OrderReason {
  const add = input.action === 'add' && input.entryPrice !== null;
  return {
    rule: 'reversal-event',
    action: input.action,
    points: Math.round(input.points * 100) / 100,
    requirement: input.pointsRequirement,
    gain: add ? gainAt(input.entryPrice!, input.price) : null,
    gainRequirement: add ? input.strategy.increaseGainRequirement : null,
    ...usedAmounts(input.price, input.amountBase, input.quoteEstimate),
  };
}

/** What an automatic sell of `level` (0–4, as the decision gives it) used. */
export interface DecreaseReasonInput {
  level: number;
  entryPrice: string;
  price: string;
  amountBase: string;
  wholePosition: boolean;
  strategy: StrategyConfig;
}

export function decreaseReason(input: DecreaseReasonInput): OrderReason {
  const level = input.strategy.decreaseLevels[input.level];
  if (level === undefined) throw new CodedError('INVALID_DECREASE_LEVEL', String(input.level));
  return {
    rule: 'decrease-level',
    level: input.level + 1,
    gain: gainAt(input.entryPrice, input.price),
    requirement: level.gainRequirement,
    share: level.percentage,
    wholePosition: input.wholePosition,
    ...usedAmounts(input.price, input.amountBase),
  };
}

/** What the operator's order used; `share` the % of a sell, null for a buy. */
export interface ManualReasonInput {
  side: 'BUY' | 'SELL';
  by: string | null;
  share: number | null;
  wholePosition: boolean;
  price: string;
  amountBase: string;
}

export function manualReason(input: ManualReasonInput): OrderReason {
  return {
    rule: 'manual',
    side: input.side,
    by: input.by,
    share: input.side === 'SELL' ? input.share : null,
    wholePosition: input.side === 'SELL' && input.wholePosition,
    ...usedAmounts(input.price, input.amountBase),
  };
}

/** A percentage in words: at most 2 dp, no trailing zeros ('3.1 %', '−2 %'). */
function pct(value: number): string {
  const text = toDecimal(value).decimalPlaces(2).toFixed();
  return `${text.replace('-', '−')} %`;
}

/** Points in words: at most 2 dp. */
function points(value: number): string {
  return toDecimal(value).decimalPlaces(2).toFixed();
}

function soldWords(share: number | null, wholePosition: boolean): string {
  if (wholePosition) return 'sold the whole position (too small to sell in parts)';
  return share === null ? 'sold part of the position' : `sold ${pct(share)} of the position`;
}

/**
 * The rule of an order in plain words, e.g. "Decrease level 2: gain 3.1 % ≥ 3 %, sold 10 % of the
 * position"; `REASON_NOT_RECORDED` for null (an order placed before reasons were stored).
 */
export function describeOrderReason(reason: OrderReason | null): string {
  if (reason === null) return REASON_NOT_RECORDED;
  switch (reason.rule) {
    case 'reversal-event': {
      const event = `Reversal event: ${points(reason.points)} points ≥ ${points(reason.requirement)}`;
      if (reason.action === 'open') return `${event}, opened a position`;
      const gate =
        reason.gain === null || reason.gainRequirement === null || reason.gainRequirement === 0
          ? ''
          : ` (gain ${pct(reason.gain)} ≤ ${pct(reason.gainRequirement)})`;
      return `${event}, added to the position${gate}`;
    }
    case 'decrease-level':
      return `Decrease level ${reason.level}: gain ${pct(reason.gain)} ≥ ${pct(reason.requirement)}, ${soldWords(reason.share, reason.wholePosition)}`;
    case 'manual': {
      const who = reason.by === null ? 'the operator' : reason.by;
      if (reason.side === 'BUY') return `Manual buy by ${who}`;
      return `Manual sell by ${who}: ${soldWords(reason.share, reason.wholePosition)}`;
    }
  }
}

/** `price` in the quote asset's code: '64,000.00 USDT'. */
export function quoteText(value: string, quote: string): string {
  return `${formatDecimal(value, { decimalPlaces: QUOTE_DECIMALS })} ${quote}`;
}
