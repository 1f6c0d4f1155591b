import type { BacktestOutcomeId, Trade } from '@balancer/core';
import { Decimal, roundDecimal } from '@balancer/core';
import type { BacktestExchange } from './exchange/backtest-exchange.js';
import type { RunFrame } from './frame.js';
import type { DrawdownState } from './metrics/drawdown.js';
import { type CashFlow, irrPercent } from './metrics/irr.js';
import { flowYears } from './metrics/irr-convention.js';

/** The strategy or a baseline (core's: the report's outcome ids). */
export type OutcomeId = BacktestOutcomeId;

/**
 * How one strategy (ours or a baseline) did on the frame's candles. Money is in quote, as
 * decimal strings rounded to 2 dp half-up. Definitions (docs/backtesting.md):
 * netInvested = Σ buy cost with fee − Σ sell proceeds after fee; finalValue = BTC held × last
 * close; pnl = finalValue − netInvested; finalEquity = cash + finalValue = start + pnl;
 * irr = annualised IRR (the frame's convention, XIRR by default) of the trades' cash flows plus
 * finalValue at the end, % (null when it has no root, e.g. nothing was bought); maxDrawdown = %
 * fall of equity (cash + BTC at each close); costPerBtc = the exact net invested ÷ BTC held
 * (2 dp half-up; null when no BTC is held; negative when sells took out more than buys put in).
 */
export interface Outcome {
  readonly id: OutcomeId;
  readonly label: string;
  readonly trades: readonly Trade[];
  readonly buys: number;
  readonly sells: number;
  readonly netInvested: string;
  readonly finalValue: string;
  readonly finalEquity: string;
  readonly pnl: string;
  readonly feesPaid: string;
  readonly baseHeld: string;
  readonly costPerBtc: string | null;
  readonly irrPercent: number | null;
  readonly maxDrawdownPercent: number;
  /** Equity (cash + BTC × close) at each of the frame's sample candles. */
  readonly equity: Float64Array;
}

/** Builds the outcome from an exchange at the end of the run. */
export function summariseOutcome(
  id: OutcomeId,
  label: string,
  exchange: BacktestExchange,
  frame: RunFrame,
  drawdown: DrawdownState,
  equity: Float64Array,
): Outcome {
  const { table } = frame;
  const last = table.length - 1;
  const endTime = table.time[last]! + table.intervalMs;
  const trades = exchange.trades();
  // What left or reached the investor's cash at each fill, fee included (the exchange keeps it).
  const cash = exchange.cashFlows();
  const flows: CashFlow[] = [];
  let buys = 0;
  for (let k = 0; k < trades.length; k++) {
    const trade = trades[k]!;
    if (trade.side === 'BUY') buys++;
    flows.push({ time: trade.time, amount: cash[k]! });
  }
  const invested = exchange.netInvested();
  const { quote, base } = exchange.balances();
  const finalValue = roundDecimal(new Decimal(base).times(table.close[last]!), 2, 'ROUND_HALF_UP');
  const netInvested = roundDecimal(invested, 2, 'ROUND_HALF_UP');
  flows.push({ time: endTime, amount: finalValue.toNumber() });
  const ratePercent =
    frame.irr === undefined || frame.irr.kind === 'xirr'
      ? irrPercent(flows)
      : irrPercent(flows, flowYears(flows, frame.irr));
  const held = new Decimal(base);
  return {
    id,
    label,
    trades,
    buys,
    sells: trades.length - buys,
    netInvested: netInvested.toFixed(2),
    finalValue: finalValue.toFixed(2),
    finalEquity: roundDecimal(new Decimal(quote).plus(finalValue), 2, 'ROUND_HALF_UP').toFixed(2),
    pnl: finalValue.minus(netInvested).toFixed(2),
    feesPaid: roundDecimal(exchange.feesPaid(), 2, 'ROUND_HALF_UP').toFixed(2),
    baseHeld: base,
    costPerBtc: held.isZero() ? null : roundDecimal(invested.dividedBy(held), 2, 'ROUND_HALF_UP').toFixed(2),
    irrPercent: ratePercent,
    maxDrawdownPercent: roundTo2(drawdown.max),
    equity,
  };
}

/** 2 dp half-up for plain-number percentages (exact through Decimal). */
export function roundTo2(value: number): number {
  return roundDecimal(value, 2, 'ROUND_HALF_UP').toNumber();
}
