import { Decimal } from '@balancer/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { candleTableFrom } from '../../market-data/candle-table.js';
import { DEFAULT_EXCHANGE_CONFIG } from '../exchange/exchange-config.js';
import { buildFrame, type RunFrame } from '../frame.js';
import { maxDrawdownPercent } from '../metrics/drawdown.js';
import { roundTo2 } from '../outcome.js';
import { baselinePlan, buyAndHold, dollarCostAveraging, valueAveraging } from './baselines.js';

const HOUR = 3600 * 1000;
const T0 = Date.UTC(2024, 0, 1);

/** Candles every 6 h for ~10 weeks with a 9-day gap (a skipped weekly date), closes from `moves`. */
function frame(moves: number[]): RunFrame {
  let price = 50_000;
  const rows = moves.map((move, i) => {
    const open = price;
    price = Math.round(price * (1 + move / 1000) * 100) / 100;
    const time = T0 + i * 6 * HOUR + (i >= 120 ? 9 * 24 * HOUR : 0);
    return [time, open, Math.max(open, price), Math.min(open, price), price] as const;
  });
  return buildFrame(candleTableFrom(rows), '20000', DEFAULT_EXCHANGE_CONFIG);
}

/**
 * The equity at every candle straight from the fills: cash and BTC after the trades filled at or
 * before the candle's open, × its close. What runBaseline computes segment by segment.
 */
function equityFromTrades(
  run: RunFrame,
  trades: readonly { side: string; time: number; amount: string; quoteAmount: string; commission: string }[],
) {
  const values: number[] = [];
  let next = 0;
  let quote = new Decimal(run.startQuote);
  let base = new Decimal(0);
  for (let i = 0; i < run.table.length; i++) {
    while (next < trades.length && trades[next]!.time <= run.table.time[i]!) {
      const trade = trades[next++]!;
      const cash = new Decimal(trade.quoteAmount);
      if (trade.side === 'BUY') {
        quote = quote.minus(cash.plus(trade.commission));
        base = base.plus(trade.amount);
      } else {
        quote = quote.plus(cash.minus(trade.commission));
        base = base.minus(trade.amount);
      }
    }
    values.push(quote.toNumber() + base.toNumber() * run.table.close[i]!);
  }
  return values;
}

describe('runBaseline', () => {
  it('marks equity and drawdown at every candle as the fills leave cash and BTC', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -40, max: 40 }), { minLength: 240, maxLength: 280 }),
        (moves) => {
          const run = frame(moves);
          const plan = baselinePlan(run);
          const outcomes = [
            buyAndHold(plan),
            dollarCostAveraging(plan),
            valueAveraging(plan),
            valueAveraging(plan, false),
          ];
          for (const outcome of outcomes) {
            const values = equityFromTrades(run, outcome.trades);
            expect(outcome.maxDrawdownPercent).toBe(roundTo2(maxDrawdownPercent(values)));
            expect(Array.from(outcome.equity)).toEqual(Array.from(run.samples, (i) => values[i]));
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
