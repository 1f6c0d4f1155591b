import type { Decimal } from '@balancer/core';
import { type Fixed, fixedOf, smaller } from '@balancer/core';
import { BacktestExchange, type ExchangeInput } from '../exchange/backtest-exchange.js';
import type { RunFrame } from '../frame.js';
import { emptyDrawdown } from '../metrics/drawdown.js';
import { type Outcome, type OutcomeId, summariseOutcome } from '../outcome.js';
import { foldSegment, type SegmentExtremes } from './segments.js';

/**
 * What the baselines of one run share: the contribution dates and amount, and the closes'
 * extremes cut at every candle where a baseline may trade (the first candle and each date).
 */
export interface BaselinePlan {
  readonly frame: RunFrame;
  /** Candle index of each contribution date. */
  readonly dates: Int32Array;
  /** Quote per contribution date. */
  readonly amount: Decimal;
  /** "a week", "every monday at 00:00 UTC", … */
  readonly phrase: string;
  /** Cut at `extremes.bounds`: 0 and every date. */
  readonly extremes: SegmentExtremes;
  /** For each bound, the number k of the date there (0, 1, …), or −1 (the first candle, no date). */
  readonly dateNumber: Int32Array;
  /** The open at each bound, exact (read once for every baseline). */
  readonly opens: readonly Fixed[];
}

/**
 * Called at the first candle and at each contribution date: `date` counts the dates from 0 (−1 at
 * a first candle that is no date); the order fills at `price` (that candle's open) at `time`.
 */
export type BaselineAction = (date: number, exchange: BacktestExchange, price: Fixed, time: number) => void;

/**
 * Replays the frame for a baseline: acts at each bound, then folds the segment up to the next
 * bound into the drawdown (segments.ts: the same figure as every candle's close) and marks the
 * equity (cash + BTC × close) at the sample candles for the chart.
 */
export function runBaseline(plan: BaselinePlan, id: OutcomeId, label: string, act: BaselineAction): Outcome {
  const { frame, extremes, dateNumber } = plan;
  const { table, samples } = frame;
  const exchange = new BacktestExchange({ quote: frame.startQuote, base: '0' }, frame.exchange);
  const equity = new Float64Array(samples.length);
  const drawdown = emptyDrawdown();
  const { close } = table;
  const { bounds } = extremes;
  let sample = 0;
  for (let s = 0; s < bounds.length; s++) {
    const i = bounds[s]!;
    act(dateNumber[s]!, exchange, plan.opens[s]!, table.time[i]!);
    const quote = exchange.quoteValue;
    const base = exchange.baseValue;
    foldSegment(extremes, s, quote, base, drawdown);
    const end = s + 1 < bounds.length ? bounds[s + 1]! : table.length;
    for (; sample < samples.length && samples[sample]! < end; sample++) {
      equity[sample] = quote + base * close[samples[sample]!]!;
    }
  }
  return summariseOutcome(id, label, exchange, frame, drawdown, equity);
}

/**
 * Spends up to `budget` quote (fee included) at `price`, limited by the free quote; skips the
 * order when it would be under the exchange's minimums. Returns whether it bought.
 */
export function buyFor(
  exchange: BacktestExchange,
  budget: ExchangeInput,
  price: Fixed,
  time: number,
): boolean {
  const spend = smaller(fixedOf(budget), exchange.freeQuote());
  const amount = exchange.affordableAmount(price, spend);
  if (!exchange.meetsMinimums(amount, price)) return false;
  exchange.marketBuy(amount, price, time);
  return true;
}

/**
 * Buys BTC worth up to `value` quote before the fee (lot decimals, down), limited by what the
 * free quote pays for with the fee, if it meets the minimums. Returns whether it bought.
 */
export function buyWorth(
  exchange: BacktestExchange,
  value: ExchangeInput,
  price: Fixed,
  time: number,
): boolean {
  const amount = smaller(exchange.baseWorth(value, price), exchange.affordableAmount(price));
  if (!exchange.meetsMinimums(amount, price)) return false;
  exchange.marketBuy(amount, price, time);
  return true;
}

/** Sells BTC worth up to `value` quote at `price` (lot decimals, down, at most what is held), if it meets the minimums. */
export function sellFor(
  exchange: BacktestExchange,
  value: ExchangeInput,
  price: Fixed,
  time: number,
): boolean {
  const amount = smaller(exchange.baseWorth(value, price), exchange.freeBase());
  if (!exchange.meetsMinimums(amount, price)) return false;
  exchange.marketSell(amount, price, time);
  return true;
}
