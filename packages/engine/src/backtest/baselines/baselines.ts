import type { Decimal } from '@balancer/core';
import type { RunFrame } from '../frame.js';
import type { Outcome } from '../outcome.js';
import { buyFor, buyWorth, runBaseline, sellFor, weeklyAmount } from './run-baseline.js';

/** Buy-and-hold: all the starting cash at the first candle's open (fee included), then hold. */
export function buyAndHold(frame: RunFrame): Outcome {
  return runBaseline(frame, 'buy-and-hold', 'Buy and hold', (week, exchange, price, time) => {
    if (week === 0) buyFor(exchange, frame.startQuote, price, time);
  });
}

/**
 * Dollar-cost averaging: `amount` quote (fee included) at each weekly date's open. Default
 * amount: starting cash ÷ weekly dates, so it spends (nearly) the same cash as buy-and-hold.
 */
export function dollarCostAveraging(frame: RunFrame, amount: Decimal = weeklyAmount(frame)): Outcome {
  return runBaseline(frame, 'dca', `DCA (${amount.toFixed(2)} a week)`, (_week, exchange, price, time) => {
    buyFor(exchange, amount, price, time);
  });
}

/**
 * Classic value averaging (Edleson): the BTC holding's target value after week k (from 0) is
 * (k + 1) × `step`; each weekly date buys the shortfall or sells the excess at that open. Buys are
 * limited by the cash left (sales refill it). Default step: starting cash ÷ weekly dates.
 */
export function valueAveraging(frame: RunFrame, step: Decimal = weeklyAmount(frame)): Outcome {
  return runBaseline(
    frame,
    'value-averaging',
    `Value averaging (+${step.toFixed(2)} a week)`,
    (week, exchange, price, time) => {
      const target = step.times(week + 1);
      const value = price.times(exchange.balances().base);
      const shortfall = target.minus(value);
      if (shortfall.isGreaterThan(0)) buyWorth(exchange, shortfall, price, time);
      else if (shortfall.isLessThan(0)) sellFor(exchange, shortfall.negated(), price, time);
    },
  );
}
