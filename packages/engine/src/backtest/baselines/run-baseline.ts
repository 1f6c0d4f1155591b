import { Decimal, type DecimalInput, roundDecimal, toDecimal } from '@balancer/core';
import { BacktestExchange } from '../exchange/backtest-exchange.js';
import type { RunFrame } from '../frame.js';
import { emptyDrawdown, pushDrawdown } from '../metrics/drawdown.js';
import { type Outcome, type OutcomeId, summariseOutcome } from '../outcome.js';

/**
 * Called on each weekly date: `week` counts from 0, the order fills at `price` (that candle's
 * open) at `time` (its open time).
 */
export type WeeklyAction = (week: number, exchange: BacktestExchange, price: Decimal, time: number) => void;

/**
 * Replays the frame for a baseline: acts on the weekly dates, then marks equity (cash + BTC ×
 * close) at every candle for the drawdown and at the sample candles for the chart.
 */
export function runBaseline(frame: RunFrame, id: OutcomeId, label: string, act: WeeklyAction): Outcome {
  const { table, weekly, samples } = frame;
  const exchange = new BacktestExchange({ quote: frame.startQuote, base: '0' }, frame.exchange);
  const equity = new Float64Array(samples.length);
  const drawdown = emptyDrawdown();
  const close = table.close;
  let week = 0;
  let sample = 0;
  let i = 0;
  while (i < table.length) {
    if (week < weekly.length && weekly[week] === i) {
      act(week, exchange, toDecimal(table.open[i]!), table.time[i]!);
      week++;
    }
    // Nothing trades before the next weekly date, so cash and BTC stay as they are until then.
    const due = week < weekly.length ? weekly[week]! : table.length;
    const end = due > i ? Math.min(due, table.length) : table.length;
    const quote = exchange.quoteValue;
    const base = exchange.baseValue;
    for (; i < end; i++) {
      const value = quote + base * close[i]!;
      pushDrawdown(drawdown, value);
      if (samples[sample] === i) equity[sample++] = value;
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
  budget: DecimalInput,
  price: Decimal,
  time: number,
): boolean {
  const free = new Decimal(exchange.balances().quote);
  const spend = Decimal.min(toDecimal(budget), free);
  const amount = exchange.affordableBase(price, spend);
  if (!exchange.meetsMinimums(amount, price)) return false;
  exchange.marketBuy(amount, price, time);
  return true;
}

/** The BTC that `value` quote buys at `price`, rounded down to the exchange's lot decimals. */
function baseWorth(exchange: BacktestExchange, value: DecimalInput, price: Decimal): Decimal {
  return roundDecimal(toDecimal(value).dividedBy(price), exchange.config.lotDecimals, 'ROUND_DOWN');
}

/**
 * Buys BTC worth up to `value` quote before the fee (5 dp down), limited by what the free quote
 * pays for with the fee, if it meets the minimums. Returns whether it bought.
 */
export function buyWorth(
  exchange: BacktestExchange,
  value: DecimalInput,
  price: Decimal,
  time: number,
): boolean {
  const amount = Decimal.min(baseWorth(exchange, value, price), exchange.affordableBase(price));
  if (!exchange.meetsMinimums(amount, price)) return false;
  exchange.marketBuy(amount, price, time);
  return true;
}

/** Sells BTC worth up to `value` quote at `price` (5 dp down, at most what is held), if it meets the minimums. */
export function sellFor(
  exchange: BacktestExchange,
  value: DecimalInput,
  price: Decimal,
  time: number,
): boolean {
  const amount = Decimal.min(baseWorth(exchange, value, price), exchange.balances().base);
  if (!exchange.meetsMinimums(amount, price)) return false;
  exchange.marketSell(amount, price, time);
  return true;
}

/** The default weekly amount: starting cash ÷ number of weekly dates, 2 dp rounded down. */
export function weeklyAmount(frame: RunFrame): Decimal {
  return roundDecimal(
    toDecimal(frame.startQuote).dividedBy(Math.max(frame.weekly.length, 1)),
    2,
    'ROUND_DOWN',
  );
}
