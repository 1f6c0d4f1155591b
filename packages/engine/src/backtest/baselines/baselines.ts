import {
  BACKTEST_BASELINES,
  type BacktestBaselineId,
  Decimal,
  Fixed,
  fixedOf,
  minus,
  roundDecimal,
  times,
  toDecimal,
} from '@balancer/core';
import type { RunFrame } from '../frame.js';
import type { Outcome } from '../outcome.js';
import { type BaselineConventions, DEFAULT_BASELINE_CONVENTIONS } from './conventions.js';
import { type BaselinePlan, buyFor, buyWorth, runBaseline, sellFor } from './run-baseline.js';
import { contributionIndices, schedulePhrase } from './schedule.js';
import { segmentExtremes } from './segments.js';

/**
 * The contribution dates of a run and the quote per date. Default amount: starting cash ÷ dates,
 * 2 dp down, so DCA can spend (nearly) the same cash as buy-and-hold.
 */
export function contributionsOf(
  frame: RunFrame,
  conventions: BaselineConventions = DEFAULT_BASELINE_CONVENTIONS,
): { dates: Int32Array; amount: Decimal; phrase: string } {
  const dates = contributionIndices(frame.table, conventions.schedule);
  const amount =
    conventions.contribution === null
      ? roundDecimal(toDecimal(frame.startQuote).dividedBy(Math.max(dates.length, 1)), 2, 'ROUND_DOWN')
      : new Decimal(conventions.contribution);
  return { dates, amount, phrase: schedulePhrase(conventions.schedule) };
}

/** The contributions and the closes' extremes every baseline's drawdown reads. */
export function baselinePlan(
  frame: RunFrame,
  conventions: BaselineConventions = DEFAULT_BASELINE_CONVENTIONS,
): BaselinePlan {
  const { dates, amount, phrase } = contributionsOf(frame, conventions);
  const startsOnDate = dates.length > 0 && dates[0] === 0;
  const shift = startsOnDate ? 0 : 1;
  const bounds = new Int32Array(dates.length + shift);
  const dateNumber = new Int32Array(bounds.length).fill(-1);
  for (let k = 0; k < dates.length; k++) {
    bounds[k + shift] = dates[k]!;
    dateNumber[k + shift] = k;
  }
  const opens = Array.from(bounds, (i) => fixedOf(frame.table.open[i]!));
  return {
    frame,
    dates,
    amount,
    phrase,
    extremes: segmentExtremes(frame.table.close, bounds),
    dateNumber,
    opens,
  };
}

/** Buy-and-hold: all the starting cash at the first candle's open (fee included), then hold. */
export function buyAndHold(plan: BaselinePlan): Outcome {
  let bought = false;
  return runBaseline(plan, 'buy-and-hold', 'Buy and hold', (_date, exchange, price, time) => {
    if (!bought) buyFor(exchange, plan.frame.startQuote, price, time);
    bought = true;
  });
}

/** Dollar-cost averaging: the plan's amount (fee included) at each contribution date's open. */
export function dollarCostAveraging(plan: BaselinePlan): Outcome {
  const { amount } = plan;
  const label = `DCA (${amount.toFixed(2)} ${plan.phrase})`;
  return runBaseline(plan, 'dca', label, (date, exchange, price, time) => {
    if (date >= 0) buyFor(exchange, amount, price, time);
  });
}

/**
 * Classic value averaging (Edleson): the BTC holding's target value after date k (from 0) is
 * (k + 1) × the plan's amount; each date buys the shortfall (limited by the cash left) and, with
 * `sell`, sells the excess at that open. Without selling, a holding above its target just waits.
 */
export function valueAveraging(plan: BaselinePlan, sell = true): Outcome {
  const step = fixedOf(plan.amount);
  const id = sell ? 'value-averaging' : 'value-averaging-no-sell';
  const name = sell ? 'Value averaging' : 'Value averaging without selling';
  return runBaseline(
    plan,
    id,
    `${name} (+${plan.amount.toFixed(2)} ${plan.phrase})`,
    (date, exchange, price, time) => {
      if (date < 0) return;
      const target = times(step, new Fixed(BigInt(date + 1), 0));
      const shortfall = minus(target, times(price, exchange.freeBase()));
      if (shortfall.units > 0n) buyWorth(exchange, shortfall, price, time);
      else if (sell && shortfall.units < 0n)
        sellFor(exchange, new Fixed(-shortfall.units, shortfall.scale), price, time);
    },
  );
}

const RUN: Record<BacktestBaselineId, (plan: BaselinePlan) => Outcome> = {
  'buy-and-hold': buyAndHold,
  dca: dollarCostAveraging,
  'value-averaging': (plan) => valueAveraging(plan, true),
  'value-averaging-no-sell': (plan) => valueAveraging(plan, false),
};

/** The chosen baselines on the frame, in BACKTEST_BASELINES' order. */
export function runBaselines(
  frame: RunFrame,
  conventions: BaselineConventions = DEFAULT_BASELINE_CONVENTIONS,
): Outcome[] {
  const chosen = BACKTEST_BASELINES.filter((id) => conventions.baselines.includes(id));
  if (chosen.length === 0) return [];
  const plan = baselinePlan(frame, conventions);
  return chosen.map((id) => RUN[id](plan));
}
